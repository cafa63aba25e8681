"""The gallery: one HTML page of cards for a set of configs, each with its poster, its
facts and its chart, its opening words, and the posters themselves."""
