import pytest
from amipilot import Amipilot

from fakeamiga import FakeAmiga

pytest_plugins = ["pytester"]


@pytest.fixture
def fake():
    f = FakeAmiga().start()
    yield f
    f.close()


@pytest.fixture
def client(fake):
    c = Amipilot.connect("127.0.0.1", fake.port, timeout=5)
    yield c
    c.close()
