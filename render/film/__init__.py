"""The film's vocabulary: shapes, elements whose properties change over time (tracks,
keyframes, easing), the timeline, the theme's colours and the drawing of text."""
