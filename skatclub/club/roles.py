"""The club's roles: who may change data ("Spielwart") and who may only sign lists as checked
("Prüfer"). A role is held in one club (`ClubStaff.role`): the same login can be Spielwart in
one club, Prüfer in another and nothing in a third. Read by `views.permissions` and
`services.users`.

Django's groups of the same names are no longer read (migration 0016 moved them into the clubs'
roles): a group ticked in the admin gives no role in any club.
"""

SPIELWART = "spielwart"
PRUEFER = "pruefer"
# The names the club reads, in the order the logins page shows them.
ROLE_NAMES = {SPIELWART: "Spielwart", PRUEFER: "Prüfer"}
CHECKING_ROLES = frozenset({SPIELWART, PRUEFER})
