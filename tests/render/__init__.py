"""Tests of puzzlereel.render: scenes and their golden frames, the timeline, options,
outputs and encoders."""
