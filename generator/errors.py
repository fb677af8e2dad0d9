"""The exceptions readinglist raises on purpose.

The CLI turns each into one line, `readinglist: error: WHERE: what (hint)`,
and exit code 1. Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations


class ReadingListError(Exception):
    """Base class: a problem the user can fix."""

    hint = ""

    def __init__(self, message: str, *, where: str = "", hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        if hint:
            self.hint = hint

    def __str__(self) -> str:
        text = f"{self.where}: {self.message}" if self.where else self.message
        return f"{text} ({self.hint})" if self.hint else text


class InputError(ReadingListError):
    """The input files cannot be read as a reading list."""


class ConfigError(ReadingListError):
    """The configuration is invalid."""

    hint = "check mkdocs.yml"


class BuildError(ReadingListError):
    """MkDocs failed, or the built site does not hold what the input promised."""


class InvalidRecords(InputError):
    """Several records cannot be read: each is reported, up to a number, then counted."""

    hint = "fix them, or pass --skip-invalid to leave them out"

    def __init__(self, problems: list[InputError], *, shown: int) -> None:
        super().__init__(f"{len(problems)} records cannot be read")
        self.problems = problems
        self.shown = shown

    def __str__(self) -> str:
        lines = [f"{self.message} ({self.hint}):"]
        lines += [f"  {problem}" for problem in self.problems[: self.shown]]
        if len(self.problems) > self.shown:
            lines.append(f"  … and {len(self.problems) - self.shown} more")
        return "\n".join(lines)
