"""All of the club app's URLs; each area keeps its own list next to its views."""

from skatclub.club.views import printing, public, season_admin, spielwart

urlpatterns = [
    *public.urlpatterns,
    *spielwart.urlpatterns,
    *printing.urlpatterns,
    *season_admin.urlpatterns,
]
