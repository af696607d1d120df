"""The release workflow is valid YAML, builds on the three operating systems and runs the selftest."""

from pathlib import Path

from tests import yamlc

ROOT = Path(__file__).resolve().parent.parent


def test_release_workflow_names_windows_macos_and_linux():
    wf = yamlc.load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    job = wf["jobs"]["build"]
    systems = job["strategy"]["matrix"]["os"]
    assert any(s.startswith("windows") for s in systems)
    assert any(s.startswith("macos") for s in systems)
    assert any(s.startswith("ubuntu") for s in systems)
    steps = " ".join(str(s.get("run", "")) for s in job["steps"])
    assert "requirements-build.txt" in steps and "tools/build.py" in steps
    assert any("upload-artifact" in str(s.get("uses", "")) for s in job["steps"])


def test_build_dependencies_are_pinned_apart_from_the_games():
    lines = [
        line.strip()
        for line in (ROOT / "requirements-build.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert "-r requirements.txt" in lines
    assert any(line.lower().startswith("pyinstaller==") for line in lines)
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            assert "==" in line and "pyinstaller" not in line.lower()


def test_spec_bundles_the_data_the_game_reads():
    spec = (ROOT / "packaging" / "maria.spec").read_text(encoding="utf-8")
    for folder in (
        "boards",
        "assets",
        "saves",
        "maria/games/maria/data",
        "maria/games/friedrich/data",
        "maria/players/data",
    ):
        assert f'"{folder}"' in spec
    # the games and their rooms are imported by name (maria.games): the bundle must carry every module
    assert 'collect_submodules("maria")' in spec
    for icon in ("maria.ico", "maria.icns", "maria.png"):
        assert (ROOT / "assets" / "icon" / icon).is_file()


def test_ci_runs_exactly_the_readmes_test_command():
    """The README's one test command (a fresh virtual environment, so it works where the system
    Python refuses pip) is the command `.ci/run` runs."""
    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the tests", 1)[1].split("\n## ", 1)[0]
    cmd = next(line.strip() for line in section.splitlines() if line.startswith("    "))
    assert "venv" in cmd and "pytest" in cmd
    ci = (root / ".ci" / "run").read_text(encoding="utf-8")
    assert cmd in [line.strip() for line in ci.splitlines()]
    start = readme.split("## Install and start", 1)[1].split("\n## ", 1)[0]
    assert "python3 -m venv .venv && .venv/bin/python -m pip install -r requirements.txt" in start
