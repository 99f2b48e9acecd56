"""The club's roles as Django groups: who may change data ("Spielwart") and who may only sign
lists as checked ("Prüfer"). Read by `views.permissions` and `services.users`."""

SPIELWART_GROUP = "Spielwart"
PRUEFER_GROUP = "Prüfer"
