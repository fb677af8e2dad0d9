"""The build's state files (urls.json, theme-memory.json) go where the curator keeps data, never into an input's folder."""

from __future__ import annotations

from pathlib import Path

from support import THREE_PAPERS, build_site, copy_project


def _project(tmp_path: Path, data_dir: str | None) -> tuple[Path, Path]:
    (tmp_path / "project").mkdir()
    project = copy_project(tmp_path / "project", data=False)
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("      data_dir: data\n", "" if data_dir is None else f"      data_dir: {data_dir}\n")
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    (downloads / "list.txt").write_text(THREE_PAPERS, encoding="utf-8")
    return project, downloads / "list.txt"


def test_state_files_go_beside_mkdocs_yml_by_default_not_beside_the_input(tmp_path):
    project, source = _project(tmp_path, None)
    build_site(project, source)
    assert sorted(p.name for p in source.parent.iterdir()) == ["list.txt"]
    assert (project / "urls.json").is_file()
    assert (project / "theme-memory.json").is_file()


def test_data_dir_puts_them_where_the_curator_says(tmp_path):
    project, source = _project(tmp_path, "state/iclr")
    build_site(project, source)
    assert sorted(p.name for p in (project / "state" / "iclr").iterdir()) == ["first-seen.json", "theme-memory.json", "urls.json"]
    assert sorted(p.name for p in source.parent.iterdir()) == ["list.txt"]


def test_a_data_dir_that_cannot_be_written_is_a_warning_not_a_failure(tmp_path, caplog):
    project, source = _project(tmp_path, "blocked/state")
    (project / "blocked").write_text("a file where the folder would go", encoding="utf-8")
    site = build_site(project, source)
    assert len(list((site / "papers").glob("*/index.html"))) == 3
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings == [
        f"{project / 'blocked' / 'state'}: cannot write the build's state there: Not a directory "
        "(set data_dir under the plugin to a folder you can write)"
    ]
