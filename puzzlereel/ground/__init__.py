"""The ground floor: configs, files and their owners, the output formats, streams, progress,
signals, the cache and the words and escapes every floor above shares."""
