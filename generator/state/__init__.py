"""The build's state, kept beside the input and committed with it: urls (every slug a paper has had),
first_seen (when a build first saw each paper) and memory (the last build's themes), each read and written by files."""

from __future__ import annotations

from ..config import Settings
from ..model import ReadingList
from .first_seen import build_time, first_seen, update_first_seen
from .memory import update_memory
from .urls import update_map


def record_state(reading_list: ReadingList, settings: Settings) -> None:
    """Update each state file the settings name with this build's list; OSError if one cannot be written."""
    if settings.url_map is not None:
        settings.url_map.parent.mkdir(parents=True, exist_ok=True)
        update_map(reading_list, settings.url_map)
    if settings.themes.memory is not None:
        settings.themes.memory.parent.mkdir(parents=True, exist_ok=True)
        update_memory(reading_list, settings.themes.memory, group_by=reading_list.group_by)
    if settings.first_seen is not None:
        update_first_seen(first_seen(reading_list, settings.first_seen, build_time(settings.inputs)), settings.first_seen)
