"""All of the club app's URLs; each area keeps its own list next to its views."""

from skatclub.club.views import (
    entry,
    offiziersskat,
    printing,
    public,
    recorded,
    season_admin,
    seating,
    sheet_import,
    spielwart,
)

urlpatterns = [
    *public.urlpatterns,
    *spielwart.urlpatterns,
    *seating.urlpatterns,
    *entry.urlpatterns,
    *printing.urlpatterns,
    *season_admin.urlpatterns,
    *offiziersskat.urlpatterns,
    *recorded.urlpatterns,
    *sheet_import.urlpatterns,
]
