from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "skatclub.club"
    label = "club"
    verbose_name = "Skatclub"
