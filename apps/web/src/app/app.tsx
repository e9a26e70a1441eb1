// The application: the router. Ant Design, notifications and the data cache are provided by the
// layouts that use them (see layouts/shell-frame.tsx), which keeps the login route small.
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
