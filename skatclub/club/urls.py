"""All of the club app's URLs; each area keeps its own list next to its views."""

from skatclub.club.views import (
    at_table,
    entry,
    live,
    offiziersskat,
    printing,
    public,
    recorded,
    season_admin,
    seating,
    sheet_import,
    spielwart,
    table_links,
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
    *table_links.urlpatterns,
    *at_table.urlpatterns,
    *live.urlpatterns,
]
