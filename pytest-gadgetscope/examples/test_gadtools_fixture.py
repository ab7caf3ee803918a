"""Examples against GadgetScope's GadTools fixture: a screenshot snapshot,
AmiPilot's golden tree, and driving gadgets. Run from this directory:
`pytest` (one emulator boot for the file)."""

from pathlib import Path

from amipilot.golden import assert_golden

WINDOW = "GadTools Fixture"
HERE = Path(__file__).parent


def test_window_looks_as_before(amiga, snapshot):
    # The window as first opened (inactive: nothing has clicked it yet).
    snapshot(amiga, "gadtools-fixture", window=WINDOW)


def test_window_has_the_same_gadgets(amiga):
    # AmiPilot's golden trees work alongside, from the same client.
    amiga.assert_tree_matches(WINDOW, HERE / "golden" / "gadtools-fixture.tree")
    assert_golden(amiga.tree(WINDOW), HERE / "golden" / "gadtools-fixture.tree")


def test_name_field_takes_typing(amiga):
    assert amiga.get_text(WINDOW, 2) == "hello"
    # The click that focuses the field leaves the cursor after "hello";
    # the text starts at the first non-blank after the gadget ID.
    amiga.type(WINDOW, 2, "world")
    assert amiga.get_text(WINDOW, 2) == "helloworld"


def test_connect_button_keeps_the_window(amiga):
    amiga.click_by_role(WINDOW, role="button", label="Connect")
    assert amiga.tree(WINDOW).find(1).label == "Connect"
