"""FreedomBox's URLconf as the running app has it: plinth.urls plus each enabled module's URLconf,
included by the app's own module_loader.include_urls() at start (plinth's __main__)."""
from plinth import module_loader, urls

module_loader.include_urls()
urlpatterns = urls.urlpatterns
