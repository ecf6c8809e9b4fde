#!/usr/bin/env node
import '../dist/bundle/mecha.js'
