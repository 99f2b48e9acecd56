"""The Prüfer's pages: which lists still need the second signature, and signing them.

`@checker_required` (Spielwarte and Prüfer). The overview (/pruefen/) lists the club's lists
newest first, 25 a page, with their counts and a filter by origin (an import, every import,
entered here) and state (`queries.checking`). The check itself is `entry.table_check`
(`services.check_table`): confirm or reject, never edit; nobody confirms a list he entered.
An imported history's open lists are accepted together after a confirmation step
(`services.accept_import`: one decision, one history row).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse

from skatclub.club import services
from skatclub.club.forms.checking import CheckingFilter, page_number
from skatclub.club.models import HistoryImport
from skatclub.club.presenters.checking import accepted_text
from skatclub.club.queries import checking
from skatclub.club.queries.progress import annotated_progress, with_progress
from skatclub.club.views.lookups import round_or_404
from skatclub.club.views.permissions import checker_required


@checker_required
def checking_home(request: HttpRequest) -> HttpResponse:
    imports = checking.imports()
    form = CheckingFilter(request.GET, imports)
    page = checking.lists_page(form.origin, form.state, page_number(request.GET.get("seite")))
    chosen = next((i for i in imports if str(i.pk) == form.origin), None)
    context = {
        "form": form,
        "query": form.query(),
        "page": page,
        "rows": checking.list_rows(page),
        "counts": checking.counts(form.origin),
        "chosen": chosen,
    }
    return render(request, "club/checking_home.html", context)


@checker_required
def import_accept(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: what accepting the import's lists would do; POST: accept them (once)."""
    record = get_object_or_404(HistoryImport, pk=pk)  # another club's import: 404
    back = f"{reverse('checking-home')}?herkunft={record.pk}&stand=alle"
    if request.method != "POST":
        context = {"acceptance": checking.acceptance(record, request.user.pk), "back": back}
        return render(request, "club/checking_accept.html", context)
    try:
        done = services.accept_import(history_import=record, user=request.user)
    except services.EntryError as refused:
        messages.error(request, refused.message)
        return redirect(back)
    messages.success(request, accepted_text(done.lists, done.flagged_games))
    return redirect(back)


@checker_required
def round_checking(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    tables = with_progress(round_.tables.all()).prefetch_related("seats__player")
    rows = [{"table": table, "progress": annotated_progress(table)} for table in tables]
    context = {"event": round_.event, "round": round_, "rows": rows}
    return render(request, "club/checking_round.html", context)


urlpatterns = [
    path("pruefen/", checking_home, name="checking-home"),
    path("pruefen/import/<int:pk>/uebernehmen/", import_accept, name="checking-import-accept"),
    path("pruefen/<slug:key>/serie/<int:number>/", round_checking, name="checking-round"),
]
