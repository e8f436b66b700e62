"""Horizon's settings for the truth (dump_django.py with BENCH_DJANGO_PATCH=horizon_settings):
openstack_dashboard.settings (with the local_settings Debian ships), patched before any URLconf
is imported, every documented option that adds a dashboard's own routes turned on (the bench's rule,
bench/manifest-real/README.md):
- ANGULAR_FEATURES off for every panel: a panel's legacy Django views (its own code) instead of
  Horizon's AngularIndexView (Horizon's code, never counted). Plugins ask with `.get(key, True)`
  for keys the defaults lack, so every key reads False.
- OPENSTACK_KEYSTONE_FEDERATION_MANAGEMENT (identity providers, mappings),
  OPENSTACK_CINDER_FEATURES["enable_backup"] (volume backups), OPENSTACK_NEUTRON_NETWORK
  ["enable_router"] (routers, floating IPs) on.
Nothing is reached: no service of the cloud is called to list the URLs.
"""


class AllOff(dict):
    """Every feature asked for is off, also one the defaults do not list."""

    def __getitem__(self, key):
        return False

    def __contains__(self, key):
        return True

    def get(self, key, default=None):
        return False


def patch(settings):
    """Turns the options on in Django's settings object."""
    settings.ANGULAR_FEATURES = AllOff()
    settings.OPENSTACK_KEYSTONE_FEDERATION_MANAGEMENT = True
    settings.OPENSTACK_CINDER_FEATURES = dict(settings.OPENSTACK_CINDER_FEATURES, enable_backup=True)
    settings.OPENSTACK_NEUTRON_NETWORK = dict(settings.OPENSTACK_NEUTRON_NETWORK, enable_router=True)
