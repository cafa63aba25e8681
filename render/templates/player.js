(function () {
  "use strict";
  // The film's board, sampled in time as the renderer samples it (render/film/elements.py).
  var D = JSON.parse(document.getElementById("film").textContent);
  var EASE = {
    "linear": function (t) { return t; },
    "ease-in-out": function (t) {
      if (t < 0.5) { return 4 * t * t * t; }
      var u = 2 * t - 2; return 0.5 * u * u * u + 1;
    },
    "ease-in": function (t) { return t * t * t; },
    "ease-out": function (t) { var u = 1 - t; return 1 - u * u * u; }
  };
  function mix(a, b, f) {
    if (typeof a === "number") { return a + (b - a) * f; }
    return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
  }
  // a motion: [t0, t1, easing, [[progress, value], ...]]
  function motionValue(m, t, stepped, before) {
    var stops = m[3];
    if (t >= m[1] || m[1] <= m[0]) { return stops[stops.length - 1][1]; }
    var u = Math.min(Math.max((t - m[0]) / (m[1] - m[0]), 0), 1);
    var p = EASE[m[2]](u);
    var i;
    if (stepped) {
      var out = before;
      for (i = 0; i < stops.length; i++) { if (stops[i][0] <= p) { out = stops[i][1]; } }
      return out;
    }
    if (p <= stops[0][0]) { return stops[0][1]; }
    for (i = 0; i + 1 < stops.length; i++) {
      var a = stops[i], b = stops[i + 1];
      if (p <= b[0]) { return mix(a[1], b[1], b[0] <= a[0] ? 0 : (p - a[0]) / (b[0] - a[0])); }
    }
    return stops[stops.length - 1][1];
  }
  function trackValue(track, t, start, stepped) {
    var value = start;
    for (var i = 0; i < track.length && track[i][0] < t; i++) {
      var stops = track[i][3];
      value = motionValue(track[i], t, stepped,
                          i > 0 ? track[i - 1][3][track[i - 1][3].length - 1][1] : start);
      if (t >= track[i][1] && stops.length) { value = stops[stops.length - 1][1]; }
    }
    return value;
  }
  var items = D.elements.map(function (e) {
    return {data: e, el: document.getElementById(e.id), shown: null,
            variants: e.variants.map(function (_, k) {
              return document.getElementById(e.id + "v" + k);
            })};
  });
  function draw(t) {
    items.forEach(function (it) {
      var e = it.data, tr = e.tracks;
      var pos = tr.pos ? trackValue(tr.pos, t, [e.x, e.y], false) : [e.x, e.y];
      var o = tr.opacity ? trackValue(tr.opacity, t, e.o, false) : e.o;
      var s = tr.scale ? trackValue(tr.scale, t, e.s, false) : e.s;
      var k = tr.shape ? trackValue(tr.shape, t, e.k, true) : e.k;
      var key = pos[0] + "," + pos[1] + "," + o + "," + s + "," + k;
      if (it.shown === key || !it.el) { return; }
      it.shown = key;
      it.el.setAttribute("transform", "translate(" + pos[0] + " " + pos[1] + ")" +
                         (s !== 1 ? " scale(" + s + ")" : ""));
      it.el.setAttribute("opacity", String(o));
      it.variants.forEach(function (v, j) {
        if (v) { v.setAttribute("visibility", j === k ? "visible" : "hidden"); }
      });
    });
  }
  var beats = D.beats, last = beats.length;
  var now = D.start, at = -1, playing = false, target = null, speed = 1, before = null;
  var counter = document.getElementById("counter"), scrub = document.getElementById("scrub");
  var play = document.getElementById("play"), list = document.getElementById("moves");
  var rows = list.querySelectorAll("li");
  // The current move is the last one begun: the counter turns to it as it begins
  // (D.counter's times are the moves' starts), and so do the list's mark and lines.
  function begunAt(t) {              // how many moves have begun by t
    var n = 0;
    while (n < last && beats[n][3] < t) { n++; }
    return n;
  }
  function counterAt(t) {
    var text = D.counter.length ? D.counter[0][1] : "";
    for (var i = 0; i < D.counter.length && D.counter[i][0] < t; i++) { text = D.counter[i][1]; }
    return text;
  }
  // Words that change ease in, as the film's do (render/direction/transitions.py): the
  // counter's new text and a newly shown line rise and fade in over 0.35 s.
  function freshen(el) {
    el.classList.remove("fresh");
    void el.offsetWidth;             // a new layout, so that the animation starts again
    el.classList.add("fresh");
  }
  function mark(n) {                 // the list: the moves begun, the current one marked
    rows.forEach(function (li, i) {
      var current = i + 1 === n;
      if (li.hidden && i < n) { freshen(li); }
      li.hidden = i >= n;
      li.classList.toggle("now", current);
      if (current) { li.setAttribute("aria-current", "step"); }
      else { li.removeAttribute("aria-current"); }
    });
    if (n > 0 && rows[n - 1] && rows[n - 1].scrollIntoView) {
      rows[n - 1].scrollIntoView({block: "nearest"});
    }
  }
  function show(t) {
    now = Math.min(Math.max(t, D.start), D.end);
    draw(now);
    var n = begunAt(now);
    var words = counterAt(now);
    if (counter.textContent !== words) { counter.textContent = words; freshen(counter); }
    scrub.value = String(Math.round((now - D.start) * 1000));
    if (n !== at) { mark(n); at = n; }
    document.body.dataset.at = String(at);
  }
  function endOf(i) { return i <= 0 ? D.start : beats[Math.min(i, last) - 1][0]; }
  function beginOf(i) { return i <= 0 ? D.start : beats[Math.min(i, last) - 1][3]; }
  var aim = null;                    // the move a step is playing to, while it plays
  function frame(stamp) {
    if (!playing) { return; }
    if (before !== null) {
      var t = now + (stamp - before) / 1000 * speed;
      var stop = target === null ? D.end : target;
      if (t >= stop) { show(stop); halt(); return; }
      show(t);
    }
    before = stamp;
    requestAnimationFrame(frame);
  }
  function run(to) {
    target = to; before = null;
    if (!playing) { playing = true; requestAnimationFrame(frame); }
  }
  function halt() {
    playing = false; target = null; before = null; aim = null;
    play.textContent = "Play"; play.setAttribute("aria-pressed", "false");
  }
  function start() {
    aim = null;                      // playing on: no step is being taken
    if (now >= D.end) { show(D.start); }
    play.textContent = "Pause"; play.setAttribute("aria-pressed", "true");
    run(null);
  }
  function toggle() { if (playing && target === null) { halt(); } else { start(); } }
  function go(i) { halt(); show(endOf(Math.min(Math.max(i, 0), last))); }
  function seek(t) { halt(); show(t); }
  function step(d) {
    var from = aim !== null ? aim : at;  // a step still playing counts as taken
    var i = Math.min(Math.max(from + d, 0), last);
    var ending = now < D.end;
    halt();
    if (d > 0 && i > from) {           // the next move plays at once, at the chosen speed
      show(beginOf(i));
      aim = i;
      run(endOf(i));
    } else if (d > 0) {                // after the last move: the ending plays, then stays
      if (ending) { aim = last; run(D.end); }
    } else {
      show(endOf(i));
    }
  }
  play.addEventListener("click", toggle);
  document.getElementById("prev").addEventListener("click", function () { step(-1); });
  document.getElementById("next").addEventListener("click", function () { step(1); });
  scrub.addEventListener("input", function () { seek(D.start + Number(scrub.value) / 1000); });
  document.getElementById("speed").addEventListener("change", function (e) {
    speed = Number(e.target.value) || 1;
  });
  list.addEventListener("click", function (e) {
    var li = e.target.closest("li");
    if (li) { go(Number(li.dataset.i)); }
  });
  document.addEventListener("keydown", function (e) {
    var tag = (e.target && e.target.tagName) || "";
    if (e.key === " " && tag !== "BUTTON" && tag !== "SELECT") { e.preventDefault(); toggle(); }
    else if (e.key === "ArrowRight" && tag !== "INPUT") { e.preventDefault(); step(1); }
    else if (e.key === "ArrowLeft" && tag !== "INPUT") { e.preventDefault(); step(-1); }
    else if (e.key === "Home" && tag !== "INPUT") { e.preventDefault(); seek(D.start); }
    else if (e.key === "End" && tag !== "INPUT") { e.preventDefault(); seek(D.end); }
  });
  if (window.parent !== window) {    // in a frame: heights of its own, not of the frame's
    document.documentElement.classList.add("framed");
  }
  function tellHeight() {            // in a frame (a notebook): say how tall the page is
    if (window.parent !== window) {
      var height = Math.ceil(document.body.getBoundingClientRect().height);
      window.parent.postMessage({puzzlereelHeight: height}, "*");
    }
  }
  if (window.ResizeObserver) { new ResizeObserver(tellHeight).observe(document.body); }
  window.addEventListener("load", tellHeight);
  show(D.start);
  window.puzzlereelPlayer = {
    go: go, last: last, at: function () { return at; }, play: start, pause: halt,
    seek: seek, time: function () { return now; }
  };
})();
