# Run by Blender (blender -b --factory-startup --python author-material-animation.py -- <out.glb>): authors, as a
# modder would in Blender, a water plane whose material takes a 16×16 checker image through a Mapping node (a
# texture offset, which Blender's glTF exporter writes as KHR_texture_transform) and an emission colour, and
# exports it as a GLB with Blender's own glTF exporter.
import sys

import bpy
import numpy

# Debian bookworm's Blender 3.4.1 glTF add-on still says numpy.bool, which NumPy 1.24 removed (see import-gltf.py).
if "bool" not in vars(numpy):
    numpy.bool = numpy.bool_

out = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.mesh.primitive_plane_add(size=2)
plane = bpy.context.active_object
plane.name = "Water"
image = bpy.data.images.new("ripples", width=16, height=16)
pixels = []
for y in range(16):
    for x in range(16):
        v = ((x // 4 + y // 4) % 2) * 0.5 + 0.25
        pixels += [v * 0.3, v * 0.6, v, 1.0]
image.pixels = pixels
image.file_format = "PNG"
image.pack()
material = bpy.data.materials.new("WaterMat")
material.use_nodes = True
nodes = material.node_tree.nodes
links = material.node_tree.links
bsdf = nodes["Principled BSDF"]
texture = nodes.new("ShaderNodeTexImage")
texture.image = image
mapping = nodes.new("ShaderNodeMapping")
coordinates = nodes.new("ShaderNodeTexCoord")
links.new(coordinates.outputs["UV"], mapping.inputs["Vector"])
links.new(mapping.outputs["Vector"], texture.inputs["Vector"])
links.new(texture.outputs["Color"], bsdf.inputs["Base Color"])
mapping.inputs["Location"].default_value = (0.25, 0.0, 0.0)
bsdf.inputs["Emission"].default_value = (0.2, 0.1, 0.05, 1.0)
plane.data.materials.append(material)
bpy.ops.export_scene.gltf(filepath=out, export_format="GLB")
