"""Game records: action logs, replay, YAML saves with their seats, autosaves and crash records."""
