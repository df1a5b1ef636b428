#!/usr/bin/env node
// The `retromodel` command. This file is committed (not built) so that npm can link the bin when the
// package is installed, before the workspace build has written dist/.
import '../dist/bin.js';
