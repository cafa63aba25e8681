"""The renderer: turns any valid trace into MP4, GIF or PNG; depends only on puzzlereel.trace."""
