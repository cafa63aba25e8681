"""Encoders: frames and sound into files: H.264 and VP9 video, GIF, PNG, the sound track
and its loudness, WebVTT subtitles and the MP4's subtitle track flags."""
