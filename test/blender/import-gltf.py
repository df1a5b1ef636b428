# Run by Blender (blender -b --factory-startup --python import-gltf.py -- <jobs.json> <results.json>).
# jobs.json lists {"file": <glb>, "importOptions": {...}, "flipImages": [<image name>...], "export": <glb path>,
# "exportOptions": {...}} (all but "file" optional). For each job the scene is emptied, the file is imported with
# Blender's own glTF importer (bpy.ops.import_scene.gltf, with the options given) and what Blender made of it is
# recorded: the exception if the import failed, else the counts of mesh objects, meshes, triangles, armatures,
# bones, actions (with their F-curves), materials and images (with their sizes). "flipImages" edits the named
# images as a user painting them would: their pixels mirrored left to right. With "export", the imported scene is
# written back with bpy.ops.export_scene.gltf as a GLB, the way a modder saves their edit. Results are written as
# one JSON list, in job order.
import json
import sys
import traceback

import bpy
import numpy

# Debian bookworm's Blender 3.4.1 glTF add-on still says numpy.bool (gltf2_blender_mesh.py, set_poly_smoothing),
# an alias NumPy 1.24 (Debian's python3-numpy) removed; without it every mesh import fails. Restore the alias.
if "bool" not in vars(numpy):
    numpy.bool = numpy.bool_

args = sys.argv[sys.argv.index("--") + 1 :]
jobs_path, results_path = args[0], args[1]
with open(jobs_path, encoding="utf-8") as f:
    jobs = json.load(f)


def describe_scene():
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    triangles = 0
    for m in bpy.data.meshes:
        m.calc_loop_triangles()
        triangles += len(m.loop_triangles)
    return {
        "meshObjects": len(meshes),
        "meshes": len(bpy.data.meshes),
        "triangles": triangles,
        "skinnedMeshObjects": sum(
            1 for o in meshes if any(m.type == "ARMATURE" and m.object for m in o.modifiers)
        ),
        "armatures": len([o for o in bpy.data.objects if o.type == "ARMATURE"]),
        "bones": sum(len(a.bones) for a in bpy.data.armatures),
        "actions": [{"name": a.name, "fcurves": len(a.fcurves)} for a in bpy.data.actions],
        "materials": len(bpy.data.materials),
        "images": [
            {"name": i.name, "size": list(i.size), "packed": i.packed_file is not None}
            for i in bpy.data.images
            if i.type == "IMAGE"
        ],
    }


results = []
for job in jobs:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = {"file": job["file"]}
    try:
        status = bpy.ops.import_scene.gltf(filepath=job["file"], **job.get("importOptions", {}))
        result["status"] = sorted(status)
        result.update(describe_scene())
        for name in job.get("flipImages", []):
            image = bpy.data.images[name]
            width, height = image.size
            pixels = numpy.empty(width * height * 4, numpy.float32)
            image.pixels.foreach_get(pixels)
            image.pixels.foreach_set(pixels.reshape(height, width, 4)[:, ::-1, :].ravel())
        if job.get("export"):
            options = {"export_format": "GLB", **job.get("exportOptions", {})}
            bpy.ops.export_scene.gltf(filepath=job["export"], **options)
            result["exported"] = job["export"]
    except Exception as error:  # the test reports every failure with its traceback
        result["error"] = "".join(traceback.format_exception_only(type(error), error)).strip()
        result["traceback"] = traceback.format_exc()
    results.append(result)

with open(results_path, "w", encoding="utf-8") as f:
    json.dump(results, f, indent=1)
