"""examples/tour.ipynb: kept without outputs, and run from a fresh kernel (nbclient) in an
empty folder, it shows the player inline, writes a GIF of many frames and draws its
chart.

The chart cell charts the trace's ``search`` events (a layer of the breadth-first
search each) when the solver writes them, and else the positions explored under each
metric from the traces' end statistics; both make one PNG.

Without the ``notebook`` extra both tests are skipped with a message naming it, unless
``PUZZLEREEL_REQUIRE_NOTEBOOK`` is set (``.ci/run`` sets it): then they fail.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.fixtures import ROOT, need_extra

TOUR = ROOT / "examples" / "tour.ipynb"


def test_the_tour_is_kept_without_outputs():
    need_extra("notebook", "nbformat")
    import nbformat

    notebook = nbformat.read(TOUR, as_version=4)
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


@pytest.mark.timeout(900)
def test_the_tour_runs_from_a_fresh_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    need_extra("notebook", "nbformat", "nbclient", "ipykernel", "matplotlib")
    import nbformat
    from nbclient import NotebookClient
    from PIL import Image

    notebook = nbformat.read(TOUR, as_version=4)
    monkeypatch.chdir(tmp_path)
    NotebookClient(notebook, timeout=800, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [cell.outputs for cell in notebook.cells if cell.cell_type == "code"]
    errors = [o for cell in outputs for o in cell if o.output_type == "error"]
    assert errors == []

    shown = outputs[0][0]                     # the cell that ends in `solution`
    assert shown.output_type == "execute_result"
    inline = shown.data["text/html"]
    found = re.fullmatch(r'<iframe id="[\w-]+" srcdoc="([^"]*)".*</iframe>\n<script>.*</script>\s*',
                         inline, re.S)
    assert found is not None, inline[:200]
    player = html.unescape(found.group(1))
    assert '<script type="application/json" id="film">' in player
    assert "<title>Dad&#39;s Puzzle</title>" in player
    assert shown.data["image/png"]            # where HTML is not shown: the end frame
    assert shown.data["text/plain"] == "<Solution \"Dad's Puzzle\": solved, 59 moves>"

    printed = "".join(o.get("text", "") for o in outputs[1])
    assert printed.startswith("Dad's Puzzle - solved in 59 moves\n")

    gif = tmp_path / "dads-puzzle.gif"
    with Image.open(gif) as image:
        assert image.format == "GIF" and image.size == (320, 240) and image.n_frames > 50
    assert outputs[2][0].data["image/gif"]    # shown inline
    assert outputs[3][0].data["image/png"]    # one frame, a Pillow image
    charts = [o for o in outputs[4] if "image/png" in o.get("data", {})]
    assert len(charts) == 1
