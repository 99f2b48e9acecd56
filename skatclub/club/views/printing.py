"""PDF downloads (Spielliste, results, settlement); rendering lives in `club/pdf.py`."""

urlpatterns: list = []
