"""The shipped editions kept between runs (`core/cache.py`): read from the cache they are
what the files give, an edited file or reader is read again, and a cache file is data:
one that names anything but a model, or is cut short, is no cache (issue 37)."""

from __future__ import annotations

import importlib
import os
import pickle
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.core import cache
from adjudicator.core.cache import kept
from adjudicator.core.errors import InputError
from adjudicator.deduction.files import editions
from adjudicator.deduction.files.editions import edition_ids, load_edition


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of the test's own, and no edition kept in the process."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    editions._load_shipped.cache_clear()
    yield tmp_path / "cache" / "adjudicator"
    editions._load_shipped.cache_clear()


@pytest.mark.parametrize("edition_id", edition_ids())
def test_a_shipped_edition_from_the_cache_is_the_one_its_files_give(
    folder: Path, edition_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = load_edition(edition_id)  # read from the files, and kept
    assert len(list(folder.iterdir())) == 1
    editions._load_shipped.cache_clear()

    def no_reading(*args: object) -> None:
        raise AssertionError("read from the files again")

    monkeypatch.setattr(editions, "_read", no_reading)
    again = load_edition(edition_id)
    assert again is not read
    assert again == read  # every field: the board, the deal, every card, the mismatches
    assert dict(again.board.spaces) == dict(read.board.spaces)
    assert again.cards.mismatches == read.cards.mismatches
    assert [c.my_spaces for c in again.cards] == [c.my_spaces for c in read.cards]


# ----- kept(): a package of models of the test's own ---------------------------------


@pytest.fixture
def models(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """`cachetest_models`: a package with a dataclass, an enum and a function."""
    package = tmp_path / "src" / "cachetest_models"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "things.py").write_text(
        "import dataclasses, enum\n"
        "class Colour(enum.Enum):\n    RED = 'red'\n"
        "@dataclasses.dataclass(frozen=True, slots=True)\n"
        "class Thing:\n    name: str\n    colour: Colour\n    parts: frozenset[str]\n"
        "class Plain:\n    pass\n"
        "def touch(path):\n    open(path, 'w').close()\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path / "src"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    yield package
    for name in [m for m in sys.modules if m.startswith("cachetest_models")]:
        del sys.modules[name]


def _thing(text: str) -> object:
    things = importlib.import_module("cachetest_models.things")
    return things.Thing(text, things.Colour.RED, frozenset({"a", "b"}))


class Reads:
    """A build that counts its calls: the value of the data file's text."""

    def __init__(self, data: Path) -> None:
        self.data, self.calls = data, 0

    def __call__(self) -> object:
        self.calls += 1
        return _thing(self.data.read_text())


def _kept(data: Path, reads: Reads) -> object:
    return kept("test", [data], ["cachetest_models"], object, reads)


def test_a_value_is_read_once_and_again_when_its_file_changes(models: Path, tmp_path: Path) -> None:
    data = tmp_path / "data.txt"
    data.write_text("one")
    reads = Reads(data)
    assert _kept(data, reads) == _thing("one")
    assert _kept(data, reads) == _thing("one") and reads.calls == 1  # from the cache
    data.write_text("two")  # the same path, other bytes
    assert _kept(data, reads) == _thing("two") and reads.calls == 2
    assert _kept(data, reads) == _thing("two") and reads.calls == 2


def test_an_edited_reader_reads_the_files_again(models: Path, tmp_path: Path) -> None:
    data = tmp_path / "data.txt"
    data.write_text("one")
    reads = Reads(data)
    _kept(data, reads)
    module = models / "things.py"
    module.write_text(module.read_text() + "# edited\n")  # another size
    assert _kept(data, reads) == _thing("one") and reads.calls == 2


def _cache_file(tmp_path: Path) -> Path:
    (found,) = (tmp_path / "cache" / "adjudicator").iterdir()
    return found


def _forge(tmp_path: Path, data: Path, payload: bytes) -> None:
    """The cache file, its header right for `data`, holding `payload` as its pickle."""
    head = cache._FORMAT + cache._key([data], ["cachetest_models"])
    _cache_file(tmp_path).write_bytes(head + payload)


class _Calls:
    """Pickles as a call of `function(*args)`: what a tampered cache file would hold."""

    def __init__(self, function: object, *args: object) -> None:
        self.function, self.args = function, args

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return self.function, self.args


def test_a_cache_file_builds_only_models(models: Path, tmp_path: Path) -> None:
    data = tmp_path / "data.txt"
    data.write_text("one")
    reads = Reads(data)
    _kept(data, reads)
    things = importlib.import_module("cachetest_models.things")
    touched = tmp_path / "touched"
    for payload in (
        pickle.dumps(_Calls(os.remove, str(data))),  # a function of another package
        pickle.dumps(_Calls(things.touch, str(touched))),  # a function of the models'
        pickle.dumps(things.Plain()),  # a class of theirs, but no dataclass
        pickle.dumps(_thing("one"))[:-5],  # a file cut short
    ):
        _forge(tmp_path, data, payload)
        before = reads.calls
        assert _kept(data, reads) == _thing("one")
        assert reads.calls == before + 1  # no cache: the file was read
        assert data.exists() and not touched.exists()
    _forge(tmp_path, data, pickle.dumps(_thing("forged")))  # a model: this is a cache
    assert _kept(data, reads) == _thing("forged")


def test_a_value_of_another_kind_is_no_cache(models: Path, tmp_path: Path) -> None:
    data = tmp_path / "data.txt"
    data.write_text("one")
    reads = Reads(data)
    things = importlib.import_module("cachetest_models.things")
    assert kept("test", [data], ["cachetest_models"], things.Thing, reads) == _thing("one")
    _forge(tmp_path, data, pickle.dumps(things.Colour.RED))
    assert kept("test", [data], ["cachetest_models"], things.Thing, reads) == _thing("one")
    assert reads.calls == 2


def test_no_cache_folder_to_write_reads_every_time(models: Path, tmp_path: Path) -> None:
    data = tmp_path / "data.txt"
    data.write_text("one")
    (tmp_path / "cache").write_text("a file where the folder would be")
    reads = Reads(data)
    assert _kept(data, reads) == _thing("one")
    assert _kept(data, reads) == _thing("one") and reads.calls == 2


def test_a_file_that_cannot_be_read_is_build_s_to_report(models: Path, tmp_path: Path) -> None:
    def build() -> object:
        raise InputError("gone.toml", "", "no such file")

    with pytest.raises(InputError, match="no such file"):
        kept("test", [tmp_path / "gone.toml"], ["cachetest_models"], object, build)
    assert not (tmp_path / "cache").exists()


def test_a_build_that_fails_keeps_nothing(models: Path, tmp_path: Path) -> None:
    data = tmp_path / "data.txt"
    data.write_text("not valid")

    def build() -> object:
        raise InputError(str(data), "", "not valid")

    with pytest.raises(InputError):
        kept("test", [data], ["cachetest_models"], object, build)
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize("xdg", ["", "relative/cache"])
def test_the_cache_folder_is_the_home_s_unless_xdg_names_an_absolute_one(
    xdg: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", xdg)  # the XDG rule: a relative path is ignored
    assert cache.cache_folder() == tmp_path / ".cache" / "adjudicator"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_folder() == tmp_path / "xdg" / "adjudicator"
