import gc

import pytest

from ic_sanitizer.collector import relax_collector


@pytest.fixture
def thresholds():
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)


def test_a_process_with_pythons_thresholds_collects_less_often(thresholds):
    gc.set_threshold(700, 10, 10)
    relax_collector()
    assert gc.get_threshold()[0] > 700


def test_thresholds_someone_else_set_are_kept(thresholds):
    gc.set_threshold(2_000, 5, 5)
    relax_collector()
    assert gc.get_threshold() == (2_000, 5, 5)
