"""When a paper is presented: the sessions an export gives, with their times and time zones.

Two shapes are read. A record's `sessions` may be a list of objects, one per
session, each with a name and a start (Mini-Conf-style programmes); or the
record itself may carry `start` (or `time`) and perhaps `end`, with the
session's name in `session`. Times are ISO 8601; the zone is the time's own
offset or a `timezone` field (an IANA name such as America/Sao_Paulo). A
session may also be only a name: Mini-Conf's papers.csv names a paper's
sessions ("A1:言語生成技術の応用|P3") and keeps their times in another file.
Such a session shows on the paper's page and goes to no calendar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..errors import InputError
from ..model import Session, Source

_NAMES = ("name", "title", "session", "label")
_STARTS = ("start", "time", "start_time", "starts", "begin", "datetime")
_ENDS = ("end", "end_time", "ends", "finish")
_ZONES = ("timezone", "time_zone", "tz", "zone")
# The record-level session name: the fields track also reads.
_RECORD_NAMES = ("session", "sessions", "track")
# The record's fields that name its sessions when it gives no time; a track alone names none.
_UNTIMED_NAMES = ("sessions", "session")
# Between the names of one cell; not a comma, which a session's own name may hold.
_NAME_SEPARATORS = re.compile(r"[|;]")
_DASH = "\u2013"
_CLOCK = re.compile(r"\d{1,2}:\d{2}(:\d{2})?")
_HINT = 'give ISO 8601 times ("2026-04-24T10:30") and a timezone field such as "America/Sao_Paulo", or an offset ("+02:00")'


@dataclass(frozen=True)
class _Fields:
    """A record's keys folded the way records.py folds them, for look-ups by any alias."""

    values: dict[str, Any]

    @classmethod
    def of(cls, record: dict[str, Any]) -> _Fields:
        return cls({re.sub(r"[\s.\-]+", "_", str(key).strip().lower()): value for key, value in record.items()})

    def first(self, names: tuple[str, ...]) -> str:
        for name in names:
            value = self.values.get(name)
            if isinstance(value, str | int | float) and str(value).strip():
                return " ".join(str(value).split())
        return ""


def read_sessions(record: dict[str, Any], source: Source) -> list[Session]:
    """The sessions of one input record: the timed ones in time order, then the untimed in the record's order.

    An error names the record for a time it cannot read.
    """
    fields = _Fields.of(record)
    listed = fields.values.get("sessions")
    if isinstance(listed, dict):
        listed = [listed]
    if isinstance(listed, list) and any(isinstance(item, dict) for item in listed):
        objects = [_Fields.of(item) for item in listed if isinstance(item, dict)]
        found = [_session(item, item.first(_NAMES), source) for item in objects]
        sessions = [s for s in found if s is not None]
    elif fields.first(_STARTS):
        sessions = [_timed(fields, fields.first(_RECORD_NAMES), source)]
    else:
        sessions = [Session(name=name, start=None, end=None, zone="") for name in _untimed_names(fields)]
    # Sorting is stable: the untimed keep their order, after every timed one.
    return sorted(sessions, key=lambda s: (0, s.start, s.name) if s.start else (1,))


def is_session_list(value: Any) -> bool:
    """Whether a `sessions` value is a list of session objects rather than names."""
    return isinstance(value, dict) or (isinstance(value, list) and any(isinstance(item, dict) for item in value))


def _untimed_names(fields: _Fields) -> list[str]:
    """The session names of a record without times: its `sessions` (a list, or a cell of names) else its `session`."""
    for key in _UNTIMED_NAMES:
        value = fields.values.get(key)
        cells = value if isinstance(value, list) else [value]
        parts = (part for cell in cells if isinstance(cell, str | int | float) for part in _NAME_SEPARATORS.split(str(cell)))
        names = [" ".join(part.split()) for part in parts if part.strip()]
        if names:
            return list(dict.fromkeys(names))
    return []


def _session(fields: _Fields, name: str, source: Source) -> Session | None:
    """A programme's session object: timed, or only a name; None for one with neither."""
    if fields.first(_STARTS):
        return _timed(fields, name, source)
    return Session(name=name, start=None, end=None, zone="") if name else None


def _timed(fields: _Fields, name: str, source: Source) -> Session:
    start_text = fields.first(_STARTS)
    zone_name = fields.first(_ZONES)
    zone = _zone(zone_name, source) if zone_name else None
    start = _moment(start_text, zone, source)
    end_text = fields.first(_ENDS)
    end = _end(end_text, start, source) if end_text else None
    if end is not None and end <= start:
        raise InputError(f"the session ends ({end_text}) before it starts ({start_text})", where=str(source), hint=_HINT)
    return Session(name=name or "Session", start=start, end=end, zone=zone_name or _offset_name(start))


def _zone(name: str, source: Source) -> tzinfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise InputError(
            f"unknown time zone {name!r}", where=str(source), hint="use an IANA name such as Europe/Vienna"
        ) from None


def _moment(value: str, zone: tzinfo | None, source: Source) -> datetime:
    """An aware datetime: its own offset wins, else the record's zone; a time with neither is an error."""
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise InputError(f"cannot read the session time {value!r}", where=str(source), hint=_HINT) from None
    if when.tzinfo is not None:
        return when.astimezone(zone) if zone is not None else when
    if zone is None:
        raise InputError(f"the session time {value!r} has no time zone", where=str(source), hint=_HINT)
    return when.replace(tzinfo=zone)


def _end(value: str, start: datetime, source: Source) -> datetime:
    """An end given in full, or as a clock time on the start's day ("12:30")."""
    if _CLOCK.fullmatch(value):
        clock = time.fromisoformat(value.zfill(5) if len(value) == 4 else value)
        return datetime.combine(start.date(), clock, tzinfo=start.tzinfo)
    return _moment(value, start.tzinfo, source)


def _offset_name(when: datetime) -> str:
    offset = when.utcoffset() or timedelta(0)
    if not offset:
        return "UTC"
    sign = "+" if offset >= timedelta(0) else "-"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def describe(session: Session) -> str:
    """The session as a reader sees it: "Poster session 3 · Fri 24 Apr 2026, 10:30\u201312:30 (America/Sao_Paulo)", or its name alone."""
    start = session.start
    if start is None:
        return session.name
    when = f"{start:%a} {start.day} {start:%b %Y, %H:%M}"
    if session.end is not None:
        same_day = session.end.date() == start.date()
        end = session.end
        when += f"{_DASH}{end:%H:%M}" if same_day else f" {_DASH} {end:%a} {end.day} {end:%b %Y, %H:%M}"
    return f"{session.name} · {when} ({session.zone})"


def utc_stamp(when: datetime) -> str:
    """The moment in UTC, ISO 8601 with a Z: what the calendar export writes."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
