"""Helpers shared by the test modules, by topic: objects entered through the real services
(`factories`), refusals that store nothing (`refusals`), PDFs read back (`pdf`), the browser
(`browser`), archives (`archive`), the hand-worked league (`leagues`), spreadsheets
(`sheets`), form data (`forms`), whole clubs (`clubs`) and the hypothesis profiles.

Test modules import from here and never from one another or from a conftest.py (fixtures reach
them through pytest); tests/architecture/test_tests_are_code.py keeps it so.
"""
