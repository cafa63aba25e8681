"""Backends: a film sampled into pixels (the raster compositor), into SVG markup (the
animated SVG) or into the HTML player; none of them knows a family."""
