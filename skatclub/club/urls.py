"""All of the club app's URLs; each area keeps its own list next to its views."""

from skatclub.club.views import printing, public, spielwart

urlpatterns = [*public.urlpatterns, *spielwart.urlpatterns, *printing.urlpatterns]
