import pytest
from amipilot import Screenshot
from PIL import Image

from fakeamiga import HEIGHT, PALETTE, WIDTH, planar_capture
from pytest_gadgetscope import SnapshotMismatch, SnapshotWritten, assert_snapshot, compare
from pytest_gadgetscope.pictures import capture_image
from pytest_gadgetscope.snapshot import DIFF_COLOUR

DEMO_BOX = (4, 2, 40, 20)  # the fake's "Demo" window on its screen
PAINT = (2, 4, 10, 6)  # its Paint button, window-relative


def first_run(client, tmp_path, **kw):
    with pytest.warns(SnapshotWritten, match="wrote new baseline"):
        return assert_snapshot(client, "demo", window="Demo", directory=tmp_path, **kw)


def test_planes_combine_to_the_same_pens_as_amipilots_own_decoder():
    pixels = bytes((x * 7 + y * 3) % 8 for y in range(9) for x in range(21))
    shot = Screenshot.parse(planar_capture(pixels, 21, 9, 3, PALETTE * 2))
    img = capture_image(shot)
    assert img.mode == "P"
    assert img.tobytes() == shot.to_chunky() == pixels


def test_a_window_capture_is_cut_to_the_window(fake):
    shot = Screenshot.parse(fake.capture(DEMO_BOX))
    img = capture_image(shot)
    assert img.size == (40, 20)
    assert img.getpixel((0, 0)) == 1
    assert capture_image(shot, crop=False).size == (WIDTH, HEIGHT)


def test_a_missing_baseline_is_written_as_an_indexed_png_and_passes(client, tmp_path):
    path = first_run(client, tmp_path)
    assert path == tmp_path / "demo.png"
    with Image.open(path) as img:
        assert img.mode == "P" and img.size == (40, 20)
        # Pens 1 and 2 share a colour; the baseline still tells them apart.
        assert img.getpixel((0, 0)) == 1 and img.getpixel((2, 2)) == 2
        assert img.getpalette()[:12] == [v for rgb in PALETTE for v in rgb]


def test_the_same_picture_passes_quietly(client, tmp_path, recwarn):
    first_run(client, tmp_path)
    assert_snapshot(client, "demo", window="Demo", directory=tmp_path)
    assert not [w for w in recwarn if issubclass(w.category, SnapshotWritten)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.png"]


def test_a_change_fails_naming_the_count_threshold_and_files(client, fake, tmp_path):
    first_run(client, tmp_path)
    client.click("Demo", 1)  # paints the 10x6 button
    with pytest.raises(SnapshotMismatch) as e:
        assert_snapshot(client, "demo", window="Demo", directory=tmp_path)
    msg = str(e.value)
    assert "60 pixels differ (threshold 0)" in msg
    for name in ("demo.png", "demo.actual.png", "demo.diff.png"):
        assert str(tmp_path / name) in msg
    assert e.value.count == 60 and e.value.diff == tmp_path / "demo.diff.png"
    with Image.open(tmp_path / "demo.actual.png") as actual:
        assert actual.mode == "P" and actual.getpixel((2, 4)) == 3


def test_a_pen_change_to_the_same_colour_is_a_difference(client, fake, tmp_path):
    first_run(client, tmp_path)
    fake.fill((4, 2, 1, 1), 2)  # pen 1 -> pen 2: same RGB
    with pytest.raises(SnapshotMismatch, match="1 pixel differ "):
        assert_snapshot(client, "demo", window="Demo", directory=tmp_path)


def test_the_diff_picture_marks_changes_over_a_dimmed_copy_with_masks_shaded(client, tmp_path):
    first_run(client, tmp_path)
    client.click("Demo", 1)
    with pytest.raises(SnapshotMismatch):
        assert_snapshot(client, "demo", window="Demo", directory=tmp_path, masks=[(2, 4, 5, 6), (30, 0, 5, 5)])
    with Image.open(tmp_path / "demo.diff.png") as diff:
        diff = diff.convert("RGB")
    assert diff.size == (40, 20)
    assert diff.getpixel((8, 6)) == DIFF_COLOUR  # changed, not masked
    assert diff.getpixel((3, 6)) != DIFF_COLOUR  # changed but masked
    unchanged = diff.getpixel((20, 15))
    assert unchanged != DIFF_COLOUR
    assert unchanged != PALETTE[1]  # dimmed, not the pen's own colour
    masked_unchanged = diff.getpixel((32, 2))
    assert masked_unchanged != unchanged and masked_unchanged[2] > unchanged[2]  # shaded blue


def test_masks_leave_their_pixels_out(client, tmp_path):
    first_run(client, tmp_path)
    client.click("Demo", 1)
    assert_snapshot(client, "demo", window="Demo", directory=tmp_path, masks=[PAINT])
    with pytest.raises(SnapshotMismatch, match="30 pixels differ"):
        assert_snapshot(client, "demo", window="Demo", directory=tmp_path, masks=[(2, 4, 5, 6)])


def test_the_threshold_is_the_number_of_pixels_allowed(client, tmp_path):
    first_run(client, tmp_path)
    client.click("Demo", 1)
    assert_snapshot(client, "demo", window="Demo", directory=tmp_path, threshold=60)
    assert not (tmp_path / "demo.diff.png").exists()
    with pytest.raises(SnapshotMismatch, match=r"60 pixels differ \(threshold 59\)"):
        assert_snapshot(client, "demo", window="Demo", directory=tmp_path, threshold=59)


def test_a_pass_removes_the_files_of_an_earlier_failure(client, fake, tmp_path):
    first_run(client, tmp_path)
    fake.fill((4, 2, 1, 1), 3)
    with pytest.raises(SnapshotMismatch):
        assert_snapshot(client, "demo", window="Demo", directory=tmp_path)
    fake.fill((4, 2, 1, 1), 1)
    assert_snapshot(client, "demo", window="Demo", directory=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.png"]


def test_update_rewrites_the_baseline(client, tmp_path):
    first_run(client, tmp_path)
    client.click("Demo", 1)
    with pytest.warns(SnapshotWritten, match="updated baseline"):
        assert_snapshot(client, "demo", window="Demo", directory=tmp_path, update=True)
    assert_snapshot(client, "demo", window="Demo", directory=tmp_path)


def test_a_size_mismatch_fails_clearly(client, tmp_path):
    first_run(client, tmp_path)
    with pytest.raises(SnapshotMismatch) as e:
        # The whole screen against the window's baseline.
        assert_snapshot(client, "demo", directory=tmp_path)
    assert "the capture is 64x32, the baseline 40x20" in str(e.value)
    assert (tmp_path / "demo.actual.png").exists() and not (tmp_path / "demo.diff.png").exists()


def test_a_missing_window_is_amipilots_not_found(client, tmp_path):
    from amipilot import NotFound

    with pytest.raises(NotFound):
        assert_snapshot(client, "nowhere", window="No such window", directory=tmp_path)
    assert not list(tmp_path.iterdir())


def test_compare_counts_by_pen():
    a = Image.new("P", (4, 4), 0)
    a.putpalette(bytes([0, 0, 0, 0, 0, 0]))
    b = a.copy()
    b.putpixel((1, 1), 1)
    assert compare(a, b).count == 1
    assert compare(a, b, masks=[(1, 1, 1, 1)]).count == 0
    assert compare(a.convert("RGB"), b.convert("RGB")).count == 0  # by colour they are equal


def test_bad_masks_and_thresholds_are_refused(client, tmp_path):
    with pytest.raises(ValueError):
        assert_snapshot(client, "demo", window="Demo", directory=tmp_path, masks=[(1, 2, 3)])
    with pytest.raises(ValueError):
        assert_snapshot(client, "demo", window="Demo", directory=tmp_path, threshold=-1)
