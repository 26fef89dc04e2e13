FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TABLA_DATA_DIR=/data
RUN useradd --create-home --uid 10001 tabla && mkdir /data && chown tabla /data
WORKDIR /app
# the tested versions of every dependency (constraints.txt; README: Reproducible installs)
COPY constraints.txt pyproject.toml README.md LICENSE ./
COPY game ./game
COPY renderer ./renderer
COPY storage ./storage
COPY bot ./bot
RUN pip install --constraint constraints.txt '.[embedded]' && rm -rf /root/.cache
USER 10001
VOLUME ["/data"]
# tabla check: 0 when the store answers, 1 when not (any other status is a bad setting: unhealthy too)
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["sh", "-c", "tabla check || exit 1"]
# no terminal in a container: with no chat token, `tabla run` says so and exits 2 (compose gives up after 3 tries)
CMD ["tabla", "run"]
