"""The ground floor: configs, files and their owners, streams, progress, signals, the cache
and the words and escapes every floor above shares."""
