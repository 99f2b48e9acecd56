"""All of the club app's URLs; each area keeps its own list next to its views."""

from skatclub.club.views import (
    checking,
    entry,
    kasse,
    offiziersskat,
    printing,
    prizes,
    public,
    removal,
    season_admin,
    seating,
    signin,
    spielwart,
    users,
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
    *signin.urlpatterns,
    *prizes.urlpatterns,
    *kasse.urlpatterns,
    *removal.urlpatterns,
    *users.urlpatterns,
    *checking.urlpatterns,
]
