"""All of the club app's URLs; each area keeps its own list next to its views."""

from skatclub.club.views import (
    entry,
    offiziersskat,
    printing,
    public,
    season_admin,
    seating,
    spielwart,
    wishes,
)

urlpatterns = [
    *public.urlpatterns,
    *spielwart.urlpatterns,
    *seating.urlpatterns,
    *entry.urlpatterns,
    *printing.urlpatterns,
    *season_admin.urlpatterns,
    *offiziersskat.urlpatterns,
    *wishes.urlpatterns,
]
