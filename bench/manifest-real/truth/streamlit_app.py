"""Streamlit's Starlette server as `st.App` builds it, the documented options that add routes on.

Used as `streamlit_app:app` with dump_fastapi.py (this folder is first on sys.path). The app
runs an empty script written to the working folder (the bench's scratch folder);
`server.enableStaticServing` and `server.scriptHealthCheckEnabled` are turned on, the two
options that add routes. The runtime is created, never started: nothing is served.
"""
from pathlib import Path

from streamlit import config
from streamlit.starlette import App

config.set_option("server.enableStaticServing", True)
config.set_option("server.scriptHealthCheckEnabled", True)

script = Path("bench_app.py").resolve()
script.write_text("")
app = App(str(script))._build_starlette_app()
