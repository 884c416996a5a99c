import { Route, Switch } from 'wouter';
import { BookPage } from './routes/book-page';

export function App() {
  return (
    <Switch>
      <Route path="/Book/:propertyCode" component={BookPage} />
      <Route>
        <main className="p-8">
          <h1 className="text-2xl font-semibold">Not found</h1>
        </main>
      </Route>
    </Switch>
  );
}
