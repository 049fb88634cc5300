"""Reading boundary files: Census TIGER/Line shapefiles (a ``.zip`` as the
Census publishes it, or a ``.shp`` with its ``.dbf`` beside it) with pyshp,
and GeoJSON, into shapely 2 geometries.

The layer is read from the file itself, never from its name: a shapefile's
(or a GeoJSON feature's) Census fields say what it holds (``PLACEFP``:
places; ``COUSUBFP``: county subdivisions, Michigan's townships;
``UNSDLEA``/``ELSDLEA``/``SCSDLEA``: unified, elementary and secondary
school districts; ``COUNTYFP`` alone: counties), each feature keyed by its
``GEOID``; a GeoJSON whose features carry ``lgid`` holds Colorado DOLA
districts keyed by their LGID.

Coordinates are taken as they are, longitude and latitude: TIGER/Line files
are NAD83 (the ``.prj`` says ``GCS_North_American_1983``), GeoJSON is WGS84
(RFC 7946), and NAD83 is read as WGS84 without a datum shift. The two lie
under 2 m apart in Michigan, Colorado and Utah (NAD83(2011) and WGS84(G1762)
differ by about 1-1.5 m there), less than the Census's own stated accuracy
of its boundaries; a point that close to a line may be answered by either
side. A file in projected coordinates (a ``.prj`` beginning ``PROJCS``, or
a GeoJSON ``crs`` other than longitude/latitude) is refused, not guessed.

Features that are not governments are told apart, not counted as errors:
census-designated places, census county divisions (Colorado's and Utah's
county subdivisions), "not defined" subdivisions and school districts, and
features of states other than Michigan, Colorado and Utah.
"""
from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import shapefile
import shapely
from shapely.geometry import shape

#: State FIPS code -> postal code: the states this service serves.
STATES = {"26": "MI", "08": "CO", "49": "UT"}


@dataclass(frozen=True)
class Layer:
    code: str  # what the store and the report call it
    title: str  # in words
    key: str  # "geoid" or "lgid": what its features join by


LAYERS = {
    "place": Layer("place", "Census places (cities, villages, towns, metro townships; census-designated places)", "geoid"),
    "cousub": Layer("cousub", "Census county subdivisions (Michigan's townships)", "geoid"),
    "unsd": Layer("unsd", "Census unified school districts", "geoid"),
    "elsd": Layer("elsd", "Census elementary school districts", "geoid"),
    "scsd": Layer("scsd", "Census secondary school districts", "geoid"),
    "county": Layer("county", "Census counties", "geoid"),
    "district": Layer("district", "Colorado DOLA district boundaries", "lgid"),
}
#: The field that tells a Census layer, in the order asked (county subdivision files carry COUNTYFP too).
CENSUS_FIELDS = (("PLACEFP", "place"), ("COUSUBFP", "cousub"), ("UNSDLEA", "unsd"), ("ELSDLEA", "elsd"),
                 ("SCSDLEA", "scsd"), ("COUNTYFP", "county"))
GEOID_FIELDS = ("GEOID", "GEOID20", "GEOID10")
SCHOOL_NOT_DEFINED = {"99997", "99998", "99999"}
LONLAT_CRS = ("CRS84", "4326", "4269", "4979")  # GeoJSON ``crs`` names read as longitude/latitude


class Unreadable(Exception):
    """A file that cannot be read as boundaries; the message names the file."""


@dataclass(frozen=True)
class Feature:
    key: str  # the GEOID (state FIPS first) or the DOLA LGID
    name: str  # the file's name of it ("Ypsilanti city")
    state: str | None  # postal code (MI), None outside the three states
    geometry: object | None  # a shapely (Multi)Polygon
    not_government: str | None = None  # why it is no government's boundary (a census-designated place)


@dataclass
class BoundaryFile:
    path: Path
    layer: Layer
    count: int  # features in the file
    _features: object  # () -> Iterator[Feature]
    close: object = lambda: None  # () -> None: let go of the file unread

    @property
    def name(self) -> str:
        return self.path.name

    def features(self) -> Iterator[Feature]:
        return self._features()


def open_file(path: Path | str) -> BoundaryFile:
    """The boundary file at ``path`` (its layer read, its features to come);
    :class:`Unreadable` with one line naming the file where it is not one."""
    path = Path(path)
    if not path.is_file():
        raise Unreadable(f"{path}: no such file")
    suffix = path.suffix.lower()
    try:
        if suffix in (".geojson", ".json"):
            return _geojson(path)
        if suffix in (".zip", ".shp"):
            return _shapefile(path)
    except Unreadable:
        raise
    except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile, shapefile.ShapefileException) as exc:
        raise Unreadable(f"{path}: cannot be read as boundaries ({type(exc).__name__}: {exc})") from None
    raise Unreadable(f"{path}: not a boundary file (expected a TIGER/Line shapefile .zip or .shp, or .geojson)")


def _census_layer(fields: set[str], path: Path) -> tuple[Layer, str]:
    geoid = next((f for f in GEOID_FIELDS if f in fields), None)
    layer = next((LAYERS[code] for field, code in CENSUS_FIELDS if field in fields), None)
    if layer is None or geoid is None:
        raise Unreadable(f"{path}: not a Census TIGER/Line layer (no GEOID with PLACEFP, COUSUBFP, UNSDLEA, ELSDLEA, "
                         f"SCSDLEA or COUNTYFP among its fields: {', '.join(sorted(fields)) or 'none'})")
    return layer, geoid


def _prj(path: Path) -> str | None:
    if path.suffix.lower() == ".zip":
        with zipfile.ZipFile(path) as z:
            shps = [n for n in z.namelist() if n.lower().endswith(".shp")]
            if len(shps) != 1:
                raise Unreadable(f"{path}: expected one shapefile in the zip, found {len(shps)}")
            prj = shps[0][:-4] + ".prj"
            return z.read(prj).decode("latin-1") if prj in z.namelist() else None
    prj = path.with_suffix(".prj")
    return prj.read_text(encoding="latin-1") if prj.exists() else None


def _shapefile(path: Path) -> BoundaryFile:
    prj = _prj(path)
    if prj and prj.lstrip().upper().startswith("PROJCS"):
        raise Unreadable(f"{path}: projected coordinates ({prj.split(',')[0][8:].strip(chr(34))}); "
                         f"give longitude/latitude (NAD83 or WGS84) as the Census publishes them")
    reader = shapefile.Reader(str(path))
    try:
        if reader.shapeType not in (shapefile.POLYGON, shapefile.POLYGONZ, shapefile.POLYGONM, shapefile.NULL):
            raise Unreadable(f"{path}: holds {reader.shapeTypeName} shapes, not polygons")
        fields = {f[0] for f in reader.fields[1:]}
        layer, geoid = _census_layer(fields, path)
        _in_degrees(path, reader.bbox if len(reader) else None)
        count = len(reader)
    except Exception:
        reader.close()
        raise

    def features() -> Iterator[Feature]:
        try:
            for sr in reader.iterShapeRecords():
                rec = sr.record.as_dict()
                geom = _geometry(sr.shape.__geo_interface__) if sr.shape.shapeType != shapefile.NULL else None
                yield _census_feature(layer, rec, geoid, geom)
        except shapefile.ShapefileException as exc:
            raise Unreadable(f"{path}: cannot be read past a broken record ({exc})") from None
        finally:
            reader.close()

    return BoundaryFile(path, layer, count, features, reader.close)


def _in_degrees(path: Path, bbox) -> None:
    if bbox is not None and not (-180.5 <= bbox[0] <= bbox[2] <= 180.5 and -90.5 <= bbox[1] <= bbox[3] <= 90.5):
        raise Unreadable(f"{path}: its coordinates are not longitude/latitude degrees (extent {bbox}); "
                         f"give NAD83 or WGS84 as the Census publishes them")


def _geometry(geo: dict | None):
    if not geo or not geo.get("coordinates"):
        return None
    geom = shape(geo)
    if geom.is_empty:
        return None
    if geom.geom_type not in ("Polygon", "MultiPolygon"):
        raise ValueError(f"a {geom.geom_type} where polygons were expected")
    return geom if geom.is_valid else shapely.make_valid(geom)


def _text(value) -> str:
    return "" if value is None else str(value).strip()


def _census_feature(layer: Layer, rec: dict, geoid_field: str, geom) -> Feature:
    key = _text(rec.get(geoid_field))
    fips = _text(rec.get("STATEFP") or rec.get("STATEFP20") or rec.get("STATEFP10")) or key[:2]
    state = STATES.get(fips)
    name = _text(rec.get("NAMELSAD") or rec.get("NAME") or rec.get("NAMELSAD20") or rec.get("NAME20")) or key
    why = None
    lsad, classfp = _text(rec.get("LSAD")), _text(rec.get("CLASSFP"))
    if state is None:
        why = "outside Michigan, Colorado and Utah"
    elif layer.code == "place" and (lsad == "57" or classfp[:1] in ("U", "M")):
        why = "census-designated place (not a government)"
    elif layer.code == "cousub" and (_text(rec.get("COUSUBFP")) == "00000" or classfp[:1] == "Z"):
        why = ("county subdivision not defined" if _text(rec.get("COUSUBFP")) == "00000"
               else "census county division (not a government)")
    elif layer.code == "cousub" and classfp[:1] == "C":
        why = "incorporated place as county subdivision (its boundary is the place layer's)"
    elif layer.code in ("unsd", "elsd", "scsd") and key[2:] in SCHOOL_NOT_DEFINED:
        why = "school district not defined"
    if geom is None and why is None:
        why = "no geometry"
    return Feature(key, name, state, geom, why)


def _geojson(path: Path) -> BoundaryFile:
    with path.open("rb") as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection" or not isinstance(doc.get("features"), list):
        raise Unreadable(f"{path}: not a GeoJSON FeatureCollection")
    crs = ((doc.get("crs") or {}).get("properties") or {}).get("name", "")
    if crs and not str(crs).upper().endswith(LONLAT_CRS):
        raise Unreadable(f"{path}: coordinates in {crs}; give longitude/latitude (WGS84, RFC 7946)")
    items = doc["features"]
    first = next((f.get("properties") or {} for f in items if isinstance(f, dict)), {})
    keys = {k.lower(): k for k in first}
    if "lgid" in keys:
        layer, key_field = LAYERS["district"], keys["lgid"]
    else:
        layer, key_field = _census_layer(set(first), path)

    def features() -> Iterator[Feature]:
        for n, item in enumerate(items):
            if not isinstance(item, dict):
                raise Unreadable(f"{path}: feature {n} is not a GeoJSON feature")
            props = item.get("properties") or {}
            try:
                geom = _geometry(item.get("geometry"))
            except (ValueError, TypeError, AttributeError, shapely.errors.GEOSException) as exc:
                raise Unreadable(f"{path}: feature {n} has a broken geometry ({exc})") from None
            if layer.code != "district":
                yield _census_feature(layer, props, key_field, geom)
                continue
            key = _text(props.get(key_field))
            key = key.zfill(5) if key.isdigit() else key
            name = _text(props.get("abbrev_nam") or props.get("lgname") or props.get("name") or props.get("NAME")) or key
            why = None if geom is not None else "no geometry"
            if not key:
                why = "no LGID"
            yield Feature(key, name, "CO", geom, why)

    return BoundaryFile(path, layer, len(items), features)
