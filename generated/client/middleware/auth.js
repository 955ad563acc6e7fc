export function bearerAuth(token) {
    return {
        onRequest({ request }) {
            // No token: send none, so the API answers its own 401 GEN-UNAUTHORIZED.
            if (token)
                request.headers.set('Authorization', `Bearer ${token}`);
            return request;
        },
    };
}
