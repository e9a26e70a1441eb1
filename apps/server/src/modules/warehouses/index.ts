// Public face of the warehouses module: what other modules and the layers around them (rpc/, seed/, bench/) may
// use of it. For now its tables; anything else another module needs is exported here too.
export * from './warehouses.schema';
