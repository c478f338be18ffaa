/**
 * The node-type table: importing a module here registers its node type(s) for dispatch.
 * To add a type, write `registerNodeType(x)` in its module and add ONE import line below.
 */
import '../routes/page-node.js';
import '../routes/post-node.js';
import '../routes/audiences-types.js';
import '../routes/edge-node-types.js';

export { edgeNames, findNode, nodeTypes, registerNodeType } from './registry.js';
export type { EdgeSpec, GraphContext, GraphHandler, NodeType } from './registry.js';
