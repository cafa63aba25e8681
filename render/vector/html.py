"""The interactive player: one self-contained HTML file that replays a trace.

The board is the vector scene's SVG (the same shapes as the animated SVG); the trace is
embedded as the positions it leads to — every actor's place and opacity after each move,
computed here from the replay — so the page's script only moves elements and does no
puzzle logic, and can replay any valid trace.  Controls: play/pause, step back and
forward, a scrubber, a speed menu, the keyboard (space, ←, →), the move list with the
current move marked (click a move to go there), the goal sentence and the counter in
the puzzle's unit.  No network, no external file: it works from ``file://``.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from .. import cards
from .record import Recording
from .shapes import Group, Rect, hexcolour, markup, num

STYLE = """
:root{--bg:%(bg)s;--fg:%(fg)s;--muted:%(muted)s;--accent:%(accent)s;--row:%(row)s}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);
font:16px/1.45 "DejaVu Sans",Verdana,"Helvetica Neue",Arial,sans-serif}
main{max-width:980px;margin:0 auto;padding:16px;display:grid;gap:12px 24px;
grid-template-columns:minmax(0,3fr) minmax(220px,2fr)}
header{grid-column:1/-1}
h1{font-size:1.5em;margin:0 0 4px}
.goal{margin:0;color:var(--fg)}
.facts{margin:2px 0 0;color:var(--muted);font-size:.9em}
.stage svg{width:100%%;height:auto;max-height:62vh;display:block}
.counter{font-weight:bold;font-size:1.15em;margin:6px 0}
.controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
button,select{font:inherit;padding:4px 10px;border:1px solid var(--muted);border-radius:6px;
background:var(--bg);color:var(--fg);cursor:pointer}
button:focus-visible,select:focus-visible,input:focus-visible{outline:2px solid var(--accent)}
input[type=range]{flex:1 1 160px;accent-color:var(--accent)}
ol{margin:0;padding:0 0 0 3.2em;max-height:70vh;overflow:auto}
li{padding:1px 4px;border-radius:4px}
li button{border:0;padding:0 4px;background:none;text-align:left;width:100%%}
li.now{background:var(--row);font-weight:bold}
.glow{transition:opacity .3s}
.hint{color:var(--muted);font-size:.85em}
@media (max-width:700px){main{grid-template-columns:1fr}}
"""

SCRIPT = r"""
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("trace").textContent);
  var els = D.start.map(function (_, i) { return document.getElementById("a" + i); });
  var states = [D.start.map(function (v) { return v.slice(); })];
  D.frames.forEach(function (changes) {
    var next = states[states.length - 1].map(function (v) { return v; });
    changes.forEach(function (c) { next[c[0]] = [c[1], c[2], c[3]]; });
    states.push(next);
  });
  var last = states.length - 1, at = 0, timer = null, speed = 1;
  var counter = document.getElementById("counter"), scrub = document.getElementById("scrub");
  var play = document.getElementById("play"), list = document.getElementById("moves");
  var items = list.querySelectorAll("li");
  function show(i, seconds) {
    var from = states[at], to = states[i];
    for (var k = 0; k < els.length; k++) {
      var a = from[k], b = to[k], el = els[k];
      if (!el) continue;
      if (a === b && el.dataset.ok) continue;
      el.dataset.ok = "1";
      el.style.transition = seconds > 0 ? "transform " + seconds + "s ease-in-out, opacity " +
        seconds + "s linear" : "none";
      el.style.transform = "translate(" + b[0] + "px," + b[1] + "px)";
      el.style.opacity = String(b[2]);
    }
    (D.lit[at] || []).forEach(function (k) { glow(k, 0); });
    (D.lit[i] || []).forEach(function (k) { glow(k, 1); });
    at = i;
    counter.textContent = D.counters[i];
    scrub.value = String(i);
    items.forEach(function (li, n) {
      var now = n + 1 === i;
      li.classList.toggle("now", now);
      if (now) { li.setAttribute("aria-current", "step"); }
      else { li.removeAttribute("aria-current"); }
    });
    if (i > 0 && items[i - 1] && items[i - 1].scrollIntoView) {
      items[i - 1].scrollIntoView({block: "nearest"});
    }
    document.body.dataset.at = String(i);
  }
  function glow(k, on) {
    var g = document.getElementById("g" + k);
    if (g) g.style.opacity = String(on);
  }
  function seconds(i) { return Math.min(2, Math.max(0.05, D.durations[i] / speed)); }
  function stop() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    play.textContent = "Play"; play.setAttribute("aria-pressed", "false");
  }
  function tick() {
    if (at >= last) { stop(); return; }
    var s = seconds(at + 1);
    show(at + 1, s);
    timer = setTimeout(tick, (s + D.pause / speed) * 1000);
  }
  function start() {
    if (at >= last) show(0, 0);
    play.textContent = "Pause"; play.setAttribute("aria-pressed", "true");
    timer = setTimeout(tick, 50);
  }
  function toggle() { if (timer === null) { start(); } else { stop(); } }
  function step(d) {
    stop();
    var i = Math.min(last, Math.max(0, at + d));
    show(i, d > 0 ? seconds(i) : 0);
  }
  play.addEventListener("click", toggle);
  document.getElementById("prev").addEventListener("click", function () { step(-1); });
  document.getElementById("next").addEventListener("click", function () { step(1); });
  scrub.addEventListener("input", function () { stop(); show(Number(scrub.value), 0); });
  document.getElementById("speed").addEventListener("change", function (e) {
    speed = Number(e.target.value) || 1;
  });
  list.addEventListener("click", function (e) {
    var li = e.target.closest("li");
    if (li) { stop(); show(Number(li.dataset.i), 0); }
  });
  document.addEventListener("keydown", function (e) {
    var tag = (e.target && e.target.tagName) || "";
    if (e.key === " " && tag !== "BUTTON" && tag !== "SELECT") { e.preventDefault(); toggle(); }
    else if (e.key === "ArrowRight" && tag !== "INPUT") { e.preventDefault(); step(1); }
    else if (e.key === "ArrowLeft" && tag !== "INPUT") { e.preventDefault(); step(-1); }
  });
  show(0, 0);
  window.puzzlereelPlayer = {go: function (i) { stop(); show(i, 0); }, last: last,
                             at: function () { return at; }, play: start, pause: stop};
})();
"""


def _round(v: float) -> float:
    return float(num(v))


def player_data(rec: Recording) -> dict[str, Any]:
    """The positions the page replays: every actor's (x, y, opacity) at the start and the
    changes each move makes; the counter line, duration and notation of each move."""
    start = []
    for i, actor in enumerate(rec.scene.actors):
        track = rec.tracks.get(i)
        p = track[0] if track else None
        x, y, o = (p.x, p.y, p.opacity) if p else (actor.x, actor.y, actor.opacity)
        start.append([_round(x), _round(y), _round(o)])
    frames: list[list[list[float]]] = []
    counters: list[str] = []
    durations: list[float] = [0.0]
    notes: list[str] = []
    lit: list[list[int]] = [[]]
    before = {i: (v[0], v[1], v[2], 0.0) for i, v in enumerate(start)}
    first = rec.counters[0][2] if rec.counters else "Start"
    counters.append(first if first.startswith("Start") else "Start")
    for beat in rec.beats:
        frames.append([[a, _round(v[0]), _round(v[1]), _round(v[2])]
                       for a, v in sorted(beat.after.items())])
        counters.append(beat.counter or "")
        durations.append(round(max(0.0, beat.t1 - beat.t0), 3))
        notes.append(beat.notation)
        # the pieces this move moved: outlined while it is the current move
        lit.append([a for a, v in sorted(beat.after.items()) if rec.scene.actors[a].glow
                    and (v[0], v[1]) != (before[a][0], before[a][1])])
        for a, v in beat.after.items():
            before[a] = v
    return {"start": start, "frames": frames, "counters": counters, "durations": durations,
            "notes": notes, "lit": lit, "pause": round(rec.options.pause, 3)}


def html_text(rec: Recording) -> str:
    """The whole player page of a recording."""
    L, t, h = rec.layout, rec.theme, rec.header
    data = player_data(rec)
    title = cards.human_title(h)
    facts = rec.facts
    vx, vy, vw, vh = rec.view             # the scene's own area: no counter bar here
    svg: list[str] = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vx} {vy} {vw} '
                      f'{vh}" role="img" aria-label="{escape(title)}">']
    svg.append(f'<defs><clipPath id="v"><rect x="{vx}" y="{vy}" width="{vw}" '
               f'height="{vh}"/></clipPath>{rec.scene.defs()}</defs>')
    svg.append(markup(Rect(0, 0, L.width, L.height, t.background)))
    svg += [markup(s) for s in rec.scene.statics()]
    svg.append('<g clip-path="url(#v)">')
    for i, actor in enumerate(rec.scene.actors):
        x, y, o = data["start"][i]
        shapes = list(actor.shapes)
        if actor.glow:
            shapes.append(Group(actor.glow, ident=f"g{i}", opacity=0.0, cls="glow"))
        svg.append(markup(Group(shapes, ident=f"a{i}", x=x, y=y, opacity=o, data=actor.data)))
    svg += [markup(s) for s in rec.scene.overlays()]
    svg.append("</g></svg>")
    unit = rec.scene.unit
    moves = "".join(f'<li data-i="{n}"><button type="button">{escape(note or str(n))}'
                    f"</button></li>" for n, note in enumerate(data["notes"], 1))
    style = STYLE % {"bg": hexcolour(t.background), "fg": hexcolour(t.text),
                     "muted": hexcolour(t.muted), "accent": hexcolour(t.accent),
                     "row": hexcolour(t.row)}
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=True).replace("</", "<\\/")
    last = len(data["frames"])
    speeds = "".join(f'<option value="{v}"{" selected" if v == "1" else ""}>{v}×</option>'
                     for v in ("0.25", "0.5", "1", "2", "4"))
    return "\n".join([
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{style}</style></head><body>",
        "<main>",
        f'<header><h1>{escape(title)}</h1><p class="goal" id="goal">{escape(rec.goal)}</p>'
        + (f'<p class="facts">{escape(facts)}</p>' if facts else "") + "</header>",
        '<section aria-label="board"><div class="stage">' + "".join(svg) + "</div>",
        '<div class="counter" id="counter" aria-live="polite"></div>',
        '<div class="controls">'
        '<button type="button" id="prev" title="Step back (←)">◀ Step</button>'
        '<button type="button" id="play" aria-pressed="false" title="Play / pause (space)">'
        "Play</button>"
        '<button type="button" id="next" title="Step forward (→)">Step ▶</button>'
        f'<input type="range" id="scrub" min="0" max="{last}" value="0" step="1" '
        f'aria-label="position in the solution">'
        f'<label>Speed <select id="speed">{speeds}</select></label></div>',
        '<p class="hint">Space plays and pauses, ← and → step; click a move to go to it.</p>'
        "</section>",
        f'<section aria-label="{escape(unit)}s"><ol id="moves">{moves}</ol></section>',
        "</main>",
        f'<script type="application/json" id="trace">{payload}</script>',
        f"<script>{SCRIPT}</script>",
        "</body></html>", ""])


def write_html(rec: Recording, path: str | Path) -> None:
    """Write the recording's player page to ``path`` (the caller makes it atomic)."""
    Path(path).write_text(html_text(rec), encoding="utf-8")


__all__ = ["html_text", "player_data", "write_html"]
