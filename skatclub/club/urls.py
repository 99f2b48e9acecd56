"""All of the club app's URLs; each area keeps its own list next to its views."""

from skatclub.club.views import (
    at_table,
    entry,
    live,
    offiziersskat,
    printing,
    public,
    season_admin,
    seating,
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
    *table_links.urlpatterns,
    *at_table.urlpatterns,
    *live.urlpatterns,
]
