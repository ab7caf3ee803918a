import base64
import io
import re

import pytest
from amipilot import Amipilot, NotFound
from PIL import Image

from pytest_gadgetscope.trace import Recorder, Target, Trace, acting_target, render_html, tokens, trace_path, write_html


@pytest.fixture
def traced(client):
    recorder = Recorder(client._wire)
    client._wire = recorder
    recorder.trace = Trace("tests/test_x.py::test_y")
    return client, recorder.trace


def images(page: str) -> list[Image.Image]:
    return [Image.open(io.BytesIO(base64.b64decode(d))) for d in re.findall(r'src="data:image/png;base64,([^"]+)"', page)]


def test_tokens_keep_quoted_words_whole():
    assert tokens('CLICK "My \\"Prefs\\"" LABEL="Save as" 3') == ["CLICK", '"My \\"Prefs\\""', 'LABEL="Save as"', "3"]


@pytest.mark.parametrize(
    "line, target",
    [
        ('CLICK "GadTools Fixture" 1', Target("CLICK", '"GadTools Fixture"')),
        ('TYPE SCREEN="My Screen" Demo 2 hi there', Target("TYPE", "Demo", 'SCREEN="My Screen"')),
        ("menupick Demo 0 1", Target("MENUPICK", "Demo")),
        ("CLICK @save", Target("CLICK", None)),
        ("LAUNCH Run >NIL: MyProg", Target("LAUNCH")),
        ('TREE "GadTools Fixture"', None),
        ("GETTEXT Demo 2", None),
        ("", None),
    ],
)
def test_acting_target(line, target):
    assert acting_target(line) == target


def test_every_command_is_a_step_with_its_rc_and_reply(traced):
    client, trace = traced
    assert client.get_text("Demo", 2) == "hello"
    with pytest.raises(NotFound):
        client.tree("Nowhere")
    assert [(s.line, s.rc, s.reply) for s in trace.steps] == [
        ("GETTEXT Demo 2", 0, "hello"),
        ("TREE Nowhere", 5, ""),
    ]
    assert trace.steps[1].failed and not trace.steps[0].failed


def test_the_client_stays_amipilots_own(traced):
    client, _ = traced
    assert type(client) is Amipilot
    assert client.handshake().server_version == "1.1"


def test_the_handshake_is_recorded_too(traced):
    client, trace = traced
    client.handshake()
    assert [s.line for s in trace.steps] == ["VERSION"]


def test_an_action_gets_the_tree_before_and_the_screen_after_without_extra_steps(traced, fake):
    client, trace = traced
    client.click("Demo", 1)
    assert [s.line for s in trace.steps] == ["CLICK Demo 1"]
    step = trace.steps[0]
    assert step.tree_before.startswith('window "Demo"')
    after = Image.open(io.BytesIO(step.after))
    assert after.size == (64, 32)
    assert after.convert("RGB").getpixel((4 + 2, 2 + 4)) == (102, 136, 187)  # painted after the click
    # The wire saw TREE before the click and SCREENSHOT after it.
    assert fake.lines[-3:] == ["TREE Demo", "CLICK Demo 1", "SCREENSHOT WINDOW=Demo"]


def test_a_failed_action_falls_back_to_the_screen(traced, fake):
    client, trace = traced
    with pytest.raises(NotFound):
        client.click("Gone", 1)
    step = trace.steps[0]
    assert step.rc == 5 and step.tree_before.startswith("(TREE: RC 5")
    assert fake.lines[-2:] == ["SCREENSHOT WINDOW=Gone", "SCREENSHOT"]
    assert step.after is not None and any("RC 5" in n for n in step.notes)


def test_a_screenshot_of_the_test_is_kept_as_a_picture(traced):
    client, trace = traced
    client.screenshot(window="Demo")
    step = trace.steps[0]
    assert step.reply.endswith("bytes)") and Image.open(io.BytesIO(step.picture)).size == (40, 20)


def test_without_a_trace_nothing_is_recorded(client, fake):
    recorder = Recorder(client._wire)
    client._wire = recorder
    client.click("Demo", 1)
    assert fake.lines[-1] == "CLICK Demo 1"  # no TREE or SCREENSHOT around it


def test_the_page_shows_the_failure_the_failing_call_and_the_steps(traced, tmp_path):
    client, trace = traced
    client.click("Demo", 1)
    with pytest.raises(NotFound):
        client.click("Demo", 9)
    client.get_text("Demo", 2)
    path = write_html(trace_path(tmp_path, trace.test_id), trace, outcome="FAILED", message="AssertionError: <boom>")
    assert path.name == "tests_test_x.py_test_y.html"
    page = path.read_text()
    assert "AssertionError: &lt;boom&gt;" in page
    failing = page.index("The failing call")
    assert 'href="#step2"' in page[failing:]
    assert page.index("#2 CLICK Demo 9", failing) < page.index("<h2>Steps</h2>")
    assert "no gadget 9 in &quot;Demo&quot;" in page
    assert page.count('class="step') == 4  # the failing one again, then 3 steps
    assert "TREE before" in page
    # Self-contained: every picture is a data: URI, nothing is fetched.
    assert not re.search(r'(src|href)="(?!data:|#)', page)
    assert [im.size for im in images(page)] == [(64, 32)] * 3  # failing call's, then steps 1 and 2


def test_a_page_without_steps(tmp_path):
    page = render_html(Trace("t"), outcome="FAILED", message="m")
    assert "No wire command was sent." in page
