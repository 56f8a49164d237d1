"""Shipped data with integrity: a damaged or missing file is one clear error naming it.

Each case copies the shipped data folder to a temporary place, damages it, points the loader
there, and asserts: a ``DataFault`` naming the file and its rebuild command; the damage affects
only the damaged block's sizes; the reported range is what is actually intact.
"""

from __future__ import annotations

import json
import lzma
import shutil
from pathlib import Path

import pytest

from puzzles.course.checker import PackFault
from puzzles.course.manifest import MANIFEST, DataFault, digest, read_manifest, record, verified
from puzzles.higher_lower import data as hl_data
from puzzles.mastermind import build_data

SHIPPED_HL = hl_data.DATA
SHIPPED_MM = build_data.DATA


def test_every_shipped_file_is_in_its_manifest_and_intact():
    for folder in (SHIPPED_HL, SHIPPED_MM):
        entries = read_manifest(folder)
        files = {p.name for p in folder.iterdir() if p.name not in (MANIFEST, "README.md", "checkpoint.json")}
        assert set(entries) == files
        for name, hexdigest in entries.items():
            assert digest(folder / name) == hexdigest, name


@pytest.fixture
def hl_copy(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    shutil.copytree(SHIPPED_HL, folder)
    monkeypatch.setattr(hl_data, "DATA", folder)
    hl_data.clear_cache()
    yield folder
    hl_data.clear_cache()


def _load(N: int, folder: Path):
    """load_solution on the copied folder."""
    records = hl_data.load_records(folder)
    if N in records:
        return hl_data.solution_of(records[N])
    for path, fault in hl_data.data_faults(folder).items():
        if path == hl_data.block_path(N, folder):
            raise fault
    raise KeyError(N)


def test_a_truncated_block_names_itself_and_spares_the_others(hl_copy):
    block = hl_data.block_path(40, hl_copy)
    block.write_bytes(block.read_bytes()[:100])
    with pytest.raises(DataFault, match=r"solutions-0033-0064\.json\.xz is damaged.*sweep"):
        _load(40, hl_copy)
    assert _load(20, hl_copy).certified and _load(70, hl_copy).certified
    assert hl_data.sweep_range(hl_copy) == 32
    assert 40 not in hl_data.shipped_sizes(hl_copy) and 70 in hl_data.shipped_sizes(hl_copy)


def test_a_missing_block_names_itself(hl_copy):
    hl_data.block_path(100, hl_copy).unlink()
    with pytest.raises(DataFault, match=r"solutions-0097-0128\.json\.xz is missing"):
        _load(100, hl_copy)
    assert hl_data.sweep_range(hl_copy) == 96


def test_an_edited_record_is_caught_by_its_digest(hl_copy):
    block = hl_data.block_path(5, hl_copy)
    with lzma.open(block, "rt") as stream:
        records = json.load(stream)
    records[4]["value"] = "7/3"
    with lzma.open(block, "wt") as stream:
        json.dump(records, stream)
    with pytest.raises(DataFault, match="damaged"):
        _load(5, hl_copy)


def test_load_solution_raises_the_fault_of_its_own_block_only(hl_copy):
    hl_data.block_path(3).write_bytes(b"not xz")
    with pytest.raises(PackFault, match=r"solutions-0001-0032\.json\.xz is damaged"):
        hl_data.load_solution(3)
    assert hl_data.load_solution(40).certified
    with pytest.raises(ValueError, match="not in the shipped data set"):
        hl_data.load_solution(2000)


def test_a_missing_or_damaged_mastermind_file_is_a_clear_error(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    shutil.copytree(SHIPPED_MM, folder)
    monkeypatch.setattr(build_data, "DATA", folder)
    assert build_data.load_optimal().info["total"] == 5625
    (folder / "optimal_4x6.json").unlink()
    with pytest.raises(DataFault, match=r"optimal_4x6\.json is missing.*build_data"):
        build_data.load_optimal()
    (folder / "small_games.json").write_text("{}")
    with pytest.raises(DataFault, match=r"small_games\.json is damaged"):
        build_data.load_small_games()


def test_record_then_verify(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("[1]")
    record(path)
    assert verified(path, "rebuild") == path
    path.write_text("[2]")
    with pytest.raises(DataFault, match="rebuild it with `rebuild`"):
        verified(path, "rebuild")


def _rehashed_copy(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    shutil.copytree(SHIPPED_MM, folder)
    monkeypatch.setattr(build_data, "DATA", folder)
    return folder


def test_a_rehashed_strategy_with_a_branch_removed_is_refused(tmp_path, monkeypatch):
    folder = _rehashed_copy(tmp_path, monkeypatch)
    path = folder / "optimal_4x6.json"
    data = json.loads(path.read_text())
    removed = sorted(data["tree"][1])[3]
    del data["tree"][1][removed]
    path.write_text(json.dumps(data))
    record(path)  # the manifest agrees with the edited file
    with pytest.raises(
        DataFault, match=r"optimal_4x6\.json does not hold a strategy that reveals every secret.*build_data"
    ):
        build_data.load_optimal()


def test_a_rehashed_strategy_with_a_false_total_is_refused(tmp_path, monkeypatch):
    folder = _rehashed_copy(tmp_path, monkeypatch)
    path = folder / "optimal_4x6_cap5.json"
    data = json.loads(path.read_text())
    data["info"]["total"] = 5600
    path.write_text(json.dumps(data))
    record(path)
    with pytest.raises(DataFault, match=r"optimal_4x6_cap5\.json does not hold what it claims.*build_data"):
        build_data.load_optimal(5)


@pytest.mark.parametrize(
    "edit",
    [
        lambda data: data["games"].pop(),
        lambda data: data["games"][0].update({"optimal total": 9}),
        lambda data: data["first guess totals 4x6"].update({"1123": 5600}),
        lambda data: data["games"][4].update({"least worst case": "3"}),
    ],
)
def test_a_rehashed_small_games_table_is_checked_for_what_it_claims(tmp_path, monkeypatch, edit):
    folder = _rehashed_copy(tmp_path, monkeypatch)
    path = folder / "small_games.json"
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    record(path)
    with pytest.raises(
        DataFault,
        match=r"small_games\.json is damaged: .*rebuild it with `python -m puzzles\.mastermind\.build_data`",
    ):
        build_data.load_small_games()


# -- damage contained and named: the manifest itself, folders, re-hashed edits ----------------


def test_a_garbage_line_in_the_manifest_costs_only_the_file_it_named(hl_copy):
    manifest = hl_copy / MANIFEST
    lines = manifest.read_text().splitlines()
    damaged = next(i for i, line in enumerate(lines) if line.endswith("solutions-0033-0064.json.xz"))
    lines[damaged] = "garbage"
    manifest.write_text("\n".join(lines) + "\n")
    with pytest.raises(
        DataFault, match=rf"solutions-0033-0064\.json\.xz is not listed in .*line {damaged + 1} is damaged"
    ):
        _load(40, hl_copy)
    assert _load(20, hl_copy).certified and _load(70, hl_copy).certified
    assert hl_data.sweep_range(hl_copy) == 32


def test_a_deleted_manifest_does_not_switch_the_check_off(hl_copy, tmp_path, monkeypatch):
    (hl_copy / MANIFEST).unlink()
    with pytest.raises(DataFault, match=r"manifest .*MANIFEST\.sha256 of the shipped data is missing"):
        _load(5, hl_copy)
    assert hl_data.shipped_sizes(hl_copy) == [] and len(hl_data.data_faults(hl_copy)) >= 32
    folder = _rehashed_copy(tmp_path / "mm", monkeypatch)
    (folder / MANIFEST).unlink()
    with pytest.raises(DataFault, match="of the shipped data is missing"):
        build_data.load_optimal()


def test_a_block_replaced_by_a_folder_is_named(hl_copy, tmp_path, monkeypatch):
    block = hl_data.block_path(40, hl_copy)
    block.unlink()
    block.mkdir()
    with pytest.raises(DataFault, match=r"solutions-0033-0064\.json\.xz is not a file"):
        _load(40, hl_copy)
    assert hl_data.sweep_range(hl_copy) == 32 and 70 in hl_data.shipped_sizes(hl_copy)
    folder = _rehashed_copy(tmp_path / "mm", monkeypatch)
    (folder / "small_games.json").unlink()
    (folder / "small_games.json").mkdir()
    with pytest.raises(DataFault, match=r"small_games\.json is not a file"):
        build_data.load_small_games()


def _edit_block(folder: Path, N: int, edit) -> Path:
    """Apply ``edit`` to the records of N's block and re-hash it, as a careless rebuild would."""
    block = hl_data.block_path(N, folder)
    with lzma.open(block, "rt") as stream:
        records = json.load(stream)
    edit(records)
    with lzma.open(block, "wt") as stream:
        json.dump(records, stream)
    record(block)
    hl_data.clear_cache()
    return block


@pytest.mark.parametrize(
    "edit",
    [
        lambda records: records[4].update({"value": "7/3"}),  # was "does not determine Bob's mixture"
        lambda records: records[4].pop("trees"),  # was KeyError 'trees'
        lambda records: records[4].update(
            {"trees": [records[4]["trees"][0][:-1] + "!"]}
        ),  # substring not found
        lambda records: records[4].update({"pairs": records[4]["pairs"][:-1]}),
        lambda records: records.pop(6),  # a record removed from the middle
        lambda records: records[4].update({"tight": [99]}),
    ],
)
def test_an_edited_block_whose_manifest_was_rehashed_is_named(hl_copy, edit):
    _edit_block(hl_copy, 5, edit)
    with pytest.raises(
        DataFault,
        match=r"solutions-0001-0032\.json\.xz is damaged.*rebuild it with `python -m puzzles\.higher_lower",
    ):
        hl_data.load_solution(5)
    assert hl_data.load_solution(40).certified


def test_a_shortened_block_does_not_silently_shrink_the_data(hl_copy):
    # the explorer used to stop at N <= 40 without a word when block 33..64 lost its tail
    _edit_block(hl_copy, 40, lambda records: records.pop())
    faults = hl_data.data_faults(hl_copy)
    assert list(faults) == [hl_data.block_path(40, hl_copy)]
    assert "holds 31 of its 32 sizes" in str(faults[hl_data.block_path(40, hl_copy)])


def test_a_rehashed_record_that_fails_its_certificate_is_named(hl_copy):
    # a record whose form is right but whose mixture is not optimal: the exact check names the file
    def swap(records):
        pairs = records[6]["pairs"]
        pairs[0], pairs[1] = pairs[1], pairs[0]  # the same sum, no longer Alice's optimal mix

    _edit_block(hl_copy, 7, swap)
    with pytest.raises(
        DataFault, match=r"solutions-0001-0032\.json\.xz is damaged: its (record|solution) .*N = 7"
    ):
        hl_data.load_solution(7)


def test_the_distributions_lesson_names_a_damaged_block_not_an_assertion(hl_copy):
    # notebook higher-lower IV opens with require_sweep(1024)
    assert len(hl_data.require_sweep(1024)) == 1024
    block = hl_data.block_path(600, hl_copy)
    block.write_bytes(b"damaged")
    hl_data.clear_cache()
    with pytest.raises(DataFault, match=r"solutions-0577-0608\.json\.xz is damaged.*sweep"):
        hl_data.require_sweep(1024)
    assert len(hl_data.require_sweep(500)) == 500


@pytest.mark.parametrize("folder", ["nonexistent", "", "/", 3])
def test_a_folder_that_holds_no_data_is_refused(folder):
    with pytest.raises(ValueError, match="data folder|holds no data"):
        hl_data.shipped_sizes(folder)
