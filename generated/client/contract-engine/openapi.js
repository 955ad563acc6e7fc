/** The HTTP methods an OpenAPI 3.1 path item can hold, in the specification's order. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
