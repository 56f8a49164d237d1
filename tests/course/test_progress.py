from puzzles.course.progress import progress


def test_progress_yields_every_item_and_can_be_silenced(monkeypatch, capsys):
    monkeypatch.setenv("PUZZLES_PROGRESS", "0")
    assert list(progress(range(5), description="counting")) == [0, 1, 2, 3, 4]
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("PUZZLES_PROGRESS", "1")
    assert list(progress(iter("abc"), total=3)) == ["a", "b", "c"]
    assert "3/3" in capsys.readouterr().err
