FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 TABLA_DATA_DIR=/data
RUN useradd --create-home --uid 10001 tabla && mkdir /data && chown tabla /data
WORKDIR /app
COPY pyproject.toml README.md LICENSE ./
COPY game ./game
COPY renderer ./renderer
COPY storage ./storage
COPY bot ./bot
RUN pip install . && rm -rf /root/.cache
USER tabla
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD tabla check || exit 1
CMD ["tabla", "run"]
