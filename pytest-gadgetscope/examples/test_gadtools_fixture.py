"""Testing a GadTools program with pytest-gadgetscope: the window's look
(a screenshot snapshot), its gadgets (AmiPilot's golden tree), typing and
clicking. The program is GadgetScope's GadTools fixture, standing in for
yours (pytest.ini says where it is and how it starts). One emulator boot
serves the whole file; the tests run in order and the program's state
carries over from one to the next."""

from pathlib import Path

WINDOW = "GadTools Fixture"
HERE = Path(__file__).parent


def test_the_window_opens_as_designed(amiga, snapshot):
    # As first opened: no gadget touched yet.
    snapshot(amiga, "window-at-start", window=WINDOW)
    # AmiPilot's golden tree: every gadget, its role, label and box.
    amiga.assert_tree_matches(WINDOW, HERE / "golden" / "gadtools-fixture.tree")


def test_typing_into_the_name_field(amiga, snapshot):
    assert amiga.get_text(WINDOW, 2) == "hello"
    # TYPE clicks the field (the cursor goes after "hello") and types.
    amiga.type(WINDOW, 2, "world")
    assert amiga.get_text(WINDOW, 2) == "helloworld"
    snapshot(amiga, "after-typing", window=WINDOW)


def test_buttons_are_found_by_their_label(amiga):
    amiga.click_by_role(WINDOW, role="button", label="Connect")
    amiga.click_by_role(WINDOW, role="button", label="Twin B")
    window = amiga.tree(WINDOW)
    assert window.find(1).label == "Connect"
    assert amiga.get_text(WINDOW, 4) == "42"
